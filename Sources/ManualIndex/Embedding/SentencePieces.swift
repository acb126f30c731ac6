/// The embedding table's rows for each sentence of a chunk, as the tokenizer cut them at ingest.
///
/// The re-ranker sums a chunk's sentences for its best-passage windows (`Reranker`); cutting the
/// sentences of twenty candidates into WordPiece pieces at every question was a tenth of a question's
/// time. The rows are cut once, with the chunk's vector, and kept beside it (`chunk_vectors`). A sum made
/// from them is bit for bit the sum made from the text: the same rows, added in the same order.
///
/// The stored form names the table it was cut with (`StaticEmbedder.fingerprint`): rows of another
/// table are never used, and a chunk without them (stored before schema 11) is cut at query time as before.
public struct SentencePieces: Sendable, Equatable {
    /// The fingerprint of the embedder that cut them.
    public let embedder: String
    /// Every sentence's rows, one sentence after another (`[UNK]` left out: it adds nothing to a sum).
    package let rows: [UInt32]
    /// Where each sentence's rows end in `rows`.
    package let ends: [UInt32]

    /// The pieces of each of `sentences`; `cache` keeps the pieces of the words met, for the next chunk.
    package init(sentences: [Sentence], embedder: StaticEmbedder, cache: inout WordPieceCache) {
        var rows: [UInt32] = []
        var ends: [UInt32] = []
        ends.reserveCapacity(sentences.count)
        for sentence in sentences {
            rows += embedder.rows(of: sentence.text, cache: &cache)
            ends.append(UInt32(rows.count))
        }
        self.embedder = embedder.fingerprint
        self.rows = rows
        self.ends = ends
    }

    /// Rows as given, under the name of the embedder said to have cut them.
    package init(embedder: String, rows: [UInt32], ends: [UInt32]) {
        self.embedder = embedder
        self.rows = rows
        self.ends = ends
    }

    /// Sentences described.
    public var count: Int { ends.count }

    /// True when these rows can stand for the text of `sentences` sentences: cut by the embedder named
    /// `name` (`embedder`'s fingerprint), one list per sentence, every row one of its table's and none
    /// the unknown piece, which a sum of the text leaves out. A damaged blob could name any number, and
    /// the table is read through a pointer.
    package func fit(_ embedder: StaticEmbedder, named name: String, sentences: Int) -> Bool {
        let unknown = UInt32(embedder.tokenizer.unknown), limit = UInt32(embedder.table.rows)
        return self.embedder == name && count == sentences && rows.allSatisfy { $0 < limit && $0 != unknown }
    }

    /// The rows of sentence `index`.
    package func rows(ofSentence index: Int) -> ArraySlice<UInt32> {
        rows[Int(index == 0 ? 0 : ends[index - 1])..<Int(ends[index])]
    }

    /// The embedder fingerprint (its byte count, then its UTF-8 bytes), the sentence count, each sentence's
    /// row count, then the rows, each number in LEB128 (seven bits a byte, low first): most rows take two
    /// or three bytes, where 32-bit words made a library a fifth larger.
    public var encoded: [UInt8] {
        let name = Array(embedder.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(name.count + 3 * (rows.count + ends.count) + 8)
        func put(_ number: UInt32) {
            var rest = number
            while rest >= 0x80 {
                out.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            out.append(UInt8(rest))
        }
        put(UInt32(name.count))
        out += name
        put(UInt32(ends.count))
        for (index, end) in ends.enumerated() { put(end - (index == 0 ? 0 : ends[index - 1])) }
        rows.forEach(put)
        return out
    }

    /// Decodes `encoded`; nil for bytes that are not a whole, consistent encoding.
    public init?(encoded bytes: UnsafeRawBufferPointer) {
        var position = 0
        func number() -> UInt32? {
            var value: UInt32 = 0
            for shift in stride(from: 0, through: 28, by: 7) {
                guard position < bytes.count else { return nil }
                let byte = bytes[position]
                position += 1
                value |= UInt32(byte & 0x7F) << UInt32(shift)
                if byte < 0x80 { return value }
            }
            return nil
        }
        guard let nameCount = number().map(Int.init), bytes.count - position >= nameCount else { return nil }
        let name = String(decoding: bytes[position..<position + nameCount], as: UTF8.self)
        position += nameCount
        // Each count takes a byte at least, so a count larger than the bytes left is no encoding.
        guard let sentenceCount = number().map(Int.init), sentenceCount <= bytes.count - position else { return nil }
        var ends: [UInt32] = []
        ends.reserveCapacity(sentenceCount)
        var total: UInt64 = 0
        for _ in 0..<sentenceCount {
            guard let count = number() else { return nil }
            total += UInt64(count)
            ends.append(UInt32(truncatingIfNeeded: total))
        }
        // Each row takes a byte at least.
        guard total <= UInt64(bytes.count - position) else { return nil }
        var rows: [UInt32] = []
        rows.reserveCapacity(Int(total))
        while position < bytes.count {
            guard let row = number() else { return nil }
            rows.append(row)
        }
        guard rows.count == Int(total) else { return nil }
        self.init(embedder: name, rows: rows, ends: ends)
    }
}
