import Foundation
import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// The table rows of a chunk's sentences as cut at ingest (`SentencePieces`): stored, read back, and summed
/// as the text's own pieces are.
struct SentencePiecesTests {
    let embedder = StaticEmbedder()

    var tricky: [Sentence] {
        ["Café crème à 3,3 V", "日本語のテキスト", "tire 🚗 tire", "-U flash:w:file.srec:s", "",
         String(repeating: "x", count: 10_000), "Inflate the tires to 230 kPa (33 psi) when cold."]
            .map { Sentence(text: $0, page: 1) }
    }

    @Test func theStoredFormReadsBackAsItWas() throws {
        var cache = WordPieceCache()
        let pieces = SentencePieces(sentences: tricky, embedder: embedder, cache: &cache)
        #expect(pieces.count == tricky.count)
        #expect(pieces.embedder == embedder.fingerprint)
        let bytes = pieces.encoded
        #expect(bytes.withUnsafeBytes(SentencePieces.init(encoded:)) == pieces)
        // Rows above 127 take more than a byte each, yet a row takes at most three.
        #expect(bytes.count < embedder.fingerprint.utf8.count + 3 * (pieces.rows.count + pieces.count) + 8)
    }

    @Test func damagedBytesReadAsNone() {
        var cache = WordPieceCache()
        let bytes = SentencePieces(sentences: tricky, embedder: embedder, cache: &cache).encoded
        // Any shorter run of the bytes lacks rows or ends inside a number.
        for length in 0..<bytes.count {
            #expect(Array(bytes[..<length]).withUnsafeBytes(SentencePieces.init(encoded:)) == nil, "\(length) bytes")
        }
        #expect((bytes + [1]).withUnsafeBytes(SentencePieces.init(encoded:)) == nil)
        #expect([UInt8](repeating: 0xFF, count: 12).withUnsafeBytes(SentencePieces.init(encoded:)) == nil)
    }

    /// A sentence's sum made from its stored rows is the sum made from its text, bit for bit; the unknown
    /// piece (the 10,000-letter word) adds nothing to either.
    @Test func sumsFromStoredRowsAreTheTextsSums() {
        var cache = WordPieceCache()
        let pieces = SentencePieces(sentences: tricky, embedder: embedder, cache: &cache)
        for (index, sentence) in tricky.enumerated() {
            #expect(embedder.rowSum(rows: pieces.rows(ofSentence: index)) == embedder.rowSum(sentence.text, cache: &cache),
                    "\(sentence.text.prefix(40))")
        }
        #expect(pieces.rows(ofSentence: 4).isEmpty)
        #expect(pieces.rows(ofSentence: 5).isEmpty)
    }

    /// The ingest makes a chunk's vector from its heading path's rows and its sentences' rows; it is the
    /// vector of the passage text, bit for bit, whatever the text (pieces never span white space).
    @Test func aChunksVectorMadeFromItsRowsIsThePassagesVector() throws {
        let sentences = tricky + [Sentence(text: "e\u{301}te\u{301} \u{301}accent", page: 2, kind: .listItem),
                                  Sentence(text: "Name | Value", page: 2, kind: .tableRow), Sentence(text: "TR | 1 ns", page: 2, kind: .tableRow)]
        let chunks = [
            Chunk(ordinal: 0, sentences: sentences, headingPath: ["4 Wheels and Tires", "4.2 Tire Pressure"]),
            Chunk(ordinal: 1, sentences: sentences, headingPath: []),
            Chunk(ordinal: 2, sentences: [Sentence(text: "", page: 1)], headingPath: ["日本語"]),
        ]
        var stems = StemCache()
        for chunk in chunks {
            let made = DocumentProcessor.analyse(chunk, keywords: KeywordExtractor(), embedder: embedder, stems: &stems)
            #expect(made.vector == embedder.embed(ChunkPassage.text(chunk)), "\(chunk.headingPath)")
            #expect(made.pieces == SentencePieces(sentences: chunk.sentences, embedder: embedder, cache: &stems.wordPieces))
        }
    }
}
