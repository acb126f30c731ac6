import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// Chunk rows written before the fast encoder must read back the same, and libraries written by either
/// encoder must stay byte-identical: the fast encoder has to match Foundation's output exactly.
@Suite struct StoredJSONTests {
    private static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Every ASCII character (controls, quotes, backslash, slash) and some that JSON could escape but need not.
    private static let awkward: String = {
        var text = ""
        for code in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        return text + "\u{80}\u{A0}\u{2028}\u{2029}\u{FEFF}é😀\u{FFFD}ﬁ"
    }()

    /// Up to five sentences of up to 40 scalars of `awkward`, of every kind in turn.
    private static func randomSentences(_ rng: inout SplitMix64, round: Int) -> [Sentence] {
        let kinds: [SentenceKind] = [.body, .heading, .listItem, .tableRow, .warning, .caution, .note]
        let alphabet = Array(awkward.unicodeScalars)
        return (0..<rng.below(6)).map { index -> Sentence in
            var text = ""
            text.unicodeScalars.append(contentsOf: (0..<rng.below(40)).map { _ in alphabet[rng.below(alphabet.count)] })
            let page = rng.below(900) + 1
            return Sentence(text: text, page: page, lastPage: page + rng.below(2), kind: kinds[(round + index) % kinds.count])
        }
    }

    @Test func stringsMatchFoundation() throws {
        let cases: [[String]] = [[], [""], ["Tire Pressure"], ["4 Wheels > Tires", "a/b", "say \"hi\"", "C:\\path"],
                                 [Self.awkward], ["line\nbreak\ttab\r\u{8}\u{C}\u{1F}"]]
        for values in cases {
            #expect(StoredJSON.strings(values) == (try Self.foundation(values)))
        }
    }

    @Test func sentencesMatchFoundation() throws {
        var rng = SplitMix64(seed: 7)
        for round in 0..<200 {
            let sentences = Self.randomSentences(&rng, round: round)
            #expect(StoredJSON.sentences(sentences) == (try Self.foundation(sentences)))
        }
    }

    @Test func storedSentencesReadBack() throws {
        let sentences = [Sentence(text: "Check the \"cold\" pressure\n(see 4/2).", page: 23, kind: .note),
                         Sentence(text: Self.awkward, page: 24, lastPage: 25)]
        let decoded = try JSONDecoder().decode([Sentence].self, from: Data(StoredJSON.sentences(sentences).utf8))
        #expect(decoded == sentences)
    }

    /// The reader gives what `JSONDecoder` gives for everything the writer writes, byte for byte.
    @Test func theReaderReadsWhatTheWriterWrites() throws {
        var rng = SplitMix64(seed: 11)
        for round in 0..<200 {
            let sentences = Self.randomSentences(&rng, round: round)
            let json = StoredJSON.sentences(sentences)
            let read = try #require(StoredJSONReader.sentences(json))
            let decoded = try JSONDecoder().decode([Sentence].self, from: Data(json.utf8))
            #expect(read == decoded)
            #expect(read.map { Array($0.text.utf8) } == decoded.map { Array($0.text.utf8) })
            let strings = sentences.map(\.text)
            #expect(StoredJSONReader.strings(StoredJSON.strings(strings)).map { $0.map { Array($0.utf8) } }
                    == strings.map { Array($0.utf8) })
        }
    }

    /// JSON the writer never gives, but Foundation's encoder or a hand edit might, is left to `JSONDecoder`
    /// (nil), or read as `JSONDecoder` reads it.
    @Test func theReaderLeavesOtherShapesToFoundation() throws {
        for json in ["[ ]", "[{\"page\":1,\"lastPage\":1,\"kind\":\"body\",\"text\":\"x\"}]",
                     "[{\"kind\":\"body\",\"lastPage\":1.0,\"page\":1,\"text\":\"x\"}]",
                     "[{\"kind\":\"aside\",\"lastPage\":1,\"page\":1,\"text\":\"x\"}]",
                     "[{\"kind\":\"body\",\"lastPage\":1,\"page\":1,\"text\":\"\\ud800\"}]", "[\"a\",]", "[\"a\"] "] {
            #expect(StoredJSONReader.sentences(json) == nil, "\(json)")
        }
        let escaped = "[{\"kind\":\"body\",\"lastPage\":2,\"page\":1,\"text\":\"a\\/b \\u00e9 \\ud83d\\ude00 \\u2028\"}]"
        #expect(StoredJSONReader.sentences(escaped) == (try JSONDecoder().decode([Sentence].self, from: Data(escaped.utf8))))
        #expect(StoredJSONReader.strings("[\"a\\/b\",\"\\u0041\"]") == ["a/b", "A"])
    }
}
