import Foundation
import Testing
import TestSupport
@testable import ManualAnswer
@testable import ManualKit
@testable import ManualIndex

/// The hand-written matcher of default statements says what the regular expression says, wherever it says
/// anything: on made-up texts that put the expression's words, spaces, word characters and punctuation side by
/// side, and on every sentence of real manuals (the fixture manuals; or the library named by
/// `MANUAL_PATTERN_LIBRARY`, to check a larger one by hand).
@Suite struct DefaultStatementMatcherTests {
    @Test func madeUpTextsMatchAsTheExpressionDoes() {
        let pieces = ["(", "default", "defaults", "Default", "DEFAULT", "by", "value", "is", "are", "as", "the", "The", "to",
                      "was", "=", ":", "initial", "Initial", "x", "_", "9", "isx", "arex", "tokens", " ", " ", " ", "  ", "\t",
                      "\n", "’", "é", ",", "-", ".", "|", "°", "ſ"]
        var generator = SplitMix(seed: 51)
        var judged = 0, matched = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 8) + 2
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let expected = DefaultStatement.pattern.matches(text)
            guard let hand = DefaultStatementMatcher.matches(text) else {
                #expect(text.contains("é") || text.contains("ſ"), "\(text.debugDescription)")
                continue
            }
            judged += 1
            if expected { matched += 1 }
            #expect(hand == expected, "\(text.debugDescription)")
        }
        // Both answers were asked for, many times.
        #expect(judged > 10_000 && matched > 200 && judged - matched > 1_000, "\(judged) \(matched)")
        // The expression's alternatives one by one, and near misses.
        for (text, expected) in [("Speed (default 9600)", true), ("off by default.", true), ("the default value", true),
                                 ("Mode is the default", true), ("Mode as default:", true), ("defaults to 8N1", true),
                                 ("default tokens", true), ("Default memory size is 4", true),
                                 ("initial memory size are", true), ("default: 5", true), ("DEFAULT =", true),
                                 ("defaulting to", false), ("the default binary SPI mode", false), ("initialize is", false),
                                 ("default big memory size is", false), ("indefault is", false), ("by defaults", false),
                                 ("default memory isolated", false), ("default x isx are", true)] {
            #expect(DefaultStatementMatcher.matches(text) == expected, "\(text)")
            #expect(DefaultStatement.pattern.matches(text) == expected, "\(text)")
        }
    }

    @Test func realSentencesMatchAsTheExpressionDoes() throws {
        let folder = TemporaryFolder()
        let path: String
        if let library = ProcessInfo.processInfo.environment["MANUAL_PATTERN_LIBRARY"] {
            path = library
        } else {
            path = folder.path("lib.sqlite")
            let library = try ManualLibrary(path: path)
            for manual in [Fixtures.sampleManual, Fixtures.radioGuide] { _ = try library.ingest(manual) }
        }
        let store = try SQLiteStore(path: path)
        var sentences = 0, judged = 0, matched = 0
        for document in try store.documents() {
            for stored in try store.chunks(documentID: document.id) {
                for sentence in stored.chunk.sentences {
                    sentences += 1
                    guard let hand = DefaultStatementMatcher.matches(sentence.text) else { continue }
                    judged += 1
                    let expected = DefaultStatement.pattern.matches(sentence.text)
                    if expected { matched += 1 }
                    #expect(hand == expected, "\(sentence.text.debugDescription)")
                }
            }
        }
        print("DefaultStatementMatcher: \(judged) of \(sentences) sentences judged by hand, \(matched) matched")
        #expect(sentences > 0 && judged * 2 > sentences, "\(judged) of \(sentences), \(matched)")
    }
}

/// A small seeded generator: the same texts every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
