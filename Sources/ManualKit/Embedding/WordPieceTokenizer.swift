/// The teacher's WordPiece tokenizer over the embedding table's vocabulary: BERT normalisation, words
/// split at white space with every punctuation scalar a word of its own, then greedy longest-match
/// pieces (continuations prefixed `##`). Gives exactly the ids the reference `tokenizers` pipeline
/// gives (`Fixtures/embedding/parity.json`, checked by `EmbeddingParityTests`).
public struct WordPieceTokenizer: Sendable {
    public let table: EmbeddingTable
    /// A word of more scalars than this is `[UNK]` whole, as in the reference.
    public static let maximumWordLength = 100
    /// The row of `[UNK]`; unknown words are dropped from a text's mean.
    public let unknown: Int

    public init(table: EmbeddingTable = .linked) {
        self.table = table
        unknown = Array("[UNK]".utf8).withUnsafeBufferPointer { table.row(prefix: false, $0) } ?? -1
    }

    /// The rows of `text`'s pieces in order, `[UNK]` included.
    public func ids(_ text: String) -> [Int] {
        var ids: [Int] = []
        forEachPiece(of: text) { ids.append($0) }
        return ids
    }

    /// Calls `body` with the row of each piece of `text`, in order.
    func forEachPiece(of text: String, _ body: (Int) -> Void) {
        var buffer: [UInt8] = []
        forEachWord(of: text) { pieces(of: $0, buffer: &buffer, body) }
    }

    /// `forEachPiece(of:_:)`, taking the pieces of a word met before from `cache` (and keeping new ones
    /// there): for many texts that share their words, such as the sentences of a question's candidates.
    func forEachPiece(of text: String, cache: inout PieceCache, _ body: (Int) -> Void) {
        var buffer: [UInt8] = []
        forEachWord(of: text) { word in
            if let rows = cache.rows[word] { return rows.forEach(body) }
            var rows: [Int] = []
            pieces(of: word, buffer: &buffer) { rows.append($0) }
            cache.rows[word] = rows
            rows.forEach(body)
        }
    }

    /// The pieces of words already cut, by the word's normalised scalars.
    struct PieceCache {
        var rows: [[Unicode.Scalar]: [Int]] = [:]
    }

    /// Calls `body` with each word of `text` once normalised: split at white space, every punctuation
    /// scalar a word of its own.
    private func forEachWord(of text: String, _ body: ([Unicode.Scalar]) -> Void) {
        let scalars = BertNormalizer.normalize(text)
        var word: [Unicode.Scalar] = []
        func flush() {
            guard !word.isEmpty else { return }
            body(word)
            word.removeAll(keepingCapacity: true)
        }
        for scalar in scalars {
            if BertNormalizer.isWhitespace(scalar) {
                flush()
            } else if BertNormalizer.isPunctuation(scalar) {
                flush()
                word.append(scalar)
                flush()
            } else {
                word.append(scalar)
            }
        }
        flush()
    }

    /// Greedy longest-match pieces of one word; the whole word is `[UNK]` when any part has no piece.
    private func pieces(of word: [Unicode.Scalar], buffer: inout [UInt8], _ body: (Int) -> Void) {
        guard word.count <= WordPieceTokenizer.maximumWordLength else { return body(unknown) }
        var found: [Int] = []
        var start = 0
        while start < word.count {
            var end = min(word.count, start + table.longestEntry)
            var match: Int?
            while end > start {
                buffer.removeAll(keepingCapacity: true)
                for scalar in word[start..<end] { buffer.append(contentsOf: UTF8.encode(scalar)!) }
                if let row = buffer.withUnsafeBufferPointer({ table.row(prefix: start > 0, $0) }) {
                    match = row
                    break
                }
                end -= 1
            }
            guard let row = match else { return body(unknown) }
            found.append(row)
            start = end
        }
        found.forEach(body)
    }
}
