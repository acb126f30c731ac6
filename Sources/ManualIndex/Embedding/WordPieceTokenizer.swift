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
        var cache = WordPieceCache()
        forEachPiece(of: text, cache: &cache) { ids.append($0) }
        return ids
    }

    /// Calls `body` with the row of each piece of `text`, in order. A word's pieces depend on the word
    /// alone, so those of a word `cache` has seen are taken from it instead of being looked up again.
    func forEachPiece(of text: String, cache: inout WordPieceCache, _ body: (Int) -> Void) {
        let scalars = BertNormalizer.normalize(text)
        var word: [Unicode.Scalar] = []
        var buffer: [UInt8] = []
        func flush() {
            guard !word.isEmpty else { return }
            cache.pieces(of: word, compute: { pieces(of: $0, buffer: &buffer) }).forEach(body)
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
    private func pieces(of word: [Unicode.Scalar], buffer: inout [UInt8]) -> [Int] {
        guard word.count <= WordPieceTokenizer.maximumWordLength else { return [unknown] }
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
            guard let row = match else { return [unknown] }
            found.append(row)
            start = end
        }
        return found
    }
}

/// The WordPiece rows of the words a batch of texts (a document's chunks) has used so far: a manual
/// uses a few thousand distinct words many times over, and each new word costs binary searches of the
/// vocabulary for every piece length tried.
///
/// Only a lookup cache: a word's pieces are the same whether they come from it or are looked up.
package struct WordPieceCache {
    private var known: [Word: [Int]] = [:]

    package init() {}

    /// The pieces of `word` (normalised scalars, no white space), from `compute` the first time.
    mutating func pieces(of word: [Unicode.Scalar], compute: ([Unicode.Scalar]) -> [Int]) -> [Int] {
        if let pieces = known[Word(scalars: word)] { return pieces }
        let pieces = compute(word)
        // Bounded so a pathological input cannot grow it without limit.
        if known.count > 200_000 { known.removeAll(keepingCapacity: true) }
        known[Word(scalars: word)] = pieces
        return pieces
    }

    /// A word as a key hashed in one call over its scalars' bytes: an array of scalars hashes each
    /// element on its own, and the re-ranker looks up every word of every candidate sentence. Equal
    /// keys are equal arrays, so the cache answers exactly as one keyed by the array.
    private struct Word: Hashable {
        let scalars: [Unicode.Scalar]

        func hash(into hasher: inout Hasher) {
            scalars.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
