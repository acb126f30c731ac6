import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// Issue part 6: random and adversarial page text through cleanup, sentence splitting, chunking and
/// embedding. Nothing may crash, and the invariants hold for every generated document:
/// - the sentence splitter loses no visible character and returns ordered, trimmed, non-empty ranges;
/// - every word of the cleaned page text is in some chunk (text or heading path): nothing is dropped;
/// - chunk ordinals run 0..<n, chunks are within the size ceiling, every sentence's pages are pages of
///   the document, ordered within its chunk, and chunks are in page order;
/// - cleaned pages match the input pages one to one;
/// - vectors have the embedder's dimension and unit length, or are all zero for text without terms.
/// The generator is SplitMix64 with fixed seeds: a failure message names the seed that reproduces it.
@Suite struct TextPipelineFuzzTests {
    static let settings = ChunkerSettings()

    // MARK: Generators

    private static let words = ["the", "pump", "filter", "must", "be", "checked", "every", "month", "Replace", "valve",
                                "2.5", "bar", "e.g.", "approx.", "No.", "Fig.", "i.e.", "230", "kPa", "WARNING", "CAUTION",
                                "NOTE:", "Step", "see", "page", "17", "(optional)", "\"quoted\"", "over-", "heating",
                                "Küche", "naïve", "ﬁlter", "Σ", "タイヤ", "צמיג", "إطار", "😀", "👩🏽‍🔧", "v1.2.3", "/dev/sda1"]

    private static func prose(_ rng: inout SplitMix64, words count: Int) -> String {
        var out: [String] = []
        for i in 0..<count {
            var word = rng.pick(words)
            if i > 0 && rng.chance(0.12) { word += rng.pick([".", ".", "!", "?", "…", ":", ";", ","]) }
            out.append(word)
        }
        return out.joined(separator: rng.chance(0.9) ? " " : "  ")
    }

    /// One line of a page, of one of many shapes.
    private static func line(_ rng: inout SplitMix64, page: Int) -> String {
        switch rng.below(20) {
        case 0: return "\(rng.int(1...12)).\(rng.int(1...9)) " + prose(&rng, words: rng.int(1...4))
        case 1: return prose(&rng, words: rng.int(1...5)).uppercased()
        case 2: return rng.pick(["1.", "2.", "a)", "•", "-", "–", "▶", "(3)"]) + " " + prose(&rng, words: rng.int(2...12))
        case 3: return (0..<rng.int(2...6)).map { _ in rng.chance(0.5) ? String(rng.int(0...999)) : rng.pick(words) }.joined(separator: "   ")
        case 4: return prose(&rng, words: rng.int(1...8)) + "-"
        case 5: return "Northwind Manual"
        case 6: return rng.chance(0.5) ? "Page \(page)" : "\(page)"
        case 7: return String(repeating: rng.pick(["a", "x", "ü", "タ", "W"]), count: rng.int(100...4000))
        case 8: return String(repeating: rng.pick([".", "-", "_", "…", "*", ". "]), count: rng.int(1...400))
        case 9: return rng.chance(0.5) ? "" : String(repeating: rng.pick([" ", "\t", "\u{00A0}", "\u{3000}"]), count: rng.int(1...20))
        case 10: return FuzzText.unicode(&rng, count: rng.int(1...60))
        case 11: return "e" + String(repeating: "\u{0301}", count: rng.int(1...200)) + " " + prose(&rng, words: 3)
        case 12: return (0..<rng.int(1...30)).map { _ in rng.pick(FuzzText.nasty) }.joined()
        case 13: return prose(&rng, words: rng.int(100...400))
        case 14: return "WARNING " + prose(&rng, words: rng.int(3...30))
        case 15: return "Contents ........ \(rng.int(1...99))"
        default: return prose(&rng, words: rng.int(3...25))
        }
    }

    /// A document of 1-10 pages; half the time with layout lines (positions, sizes, bold) that may be odd.
    private static func document(_ rng: inout SplitMix64) -> (pages: [Page], outline: [OutlineEntry]) {
        let count = rng.int(1...8)
        var pages: [Page] = []
        for number in 1...count {
            let texts = (0..<rng.int(0...20)).map { _ in line(&rng, page: number) }
            var lines: [TextLine] = []
            if rng.chance(0.5) {
                var top = rng.chance(0.1) ? -50.0 : 30.0
                for text in texts where !text.allSatisfy(\.isWhitespace) {
                    let size = rng.chance(0.1) ? rng.pick([0.0, 0.5, 72.0, 500.0]) : Double(rng.int(6...24))
                    let left = rng.chance(0.1) ? Double(rng.int(-100...2000)) : Double(rng.int(40...120))
                    lines.append(TextLine(text: text, top: top, bottom: top + size, left: left, right: left + Double(text.count) * size / 2,
                                          fontSize: size, isBold: rng.chance(0.2)))
                    top += rng.chance(0.05) ? -Double(rng.int(0...200)) : size * 1.3
                }
            }
            pages.append(Page(number: number, label: rng.chance(0.3) ? ["i", "ii", "A-\(number)", "", "17"][rng.below(5)] : nil,
                              text: texts.joined(separator: "\n"), lines: lines,
                              width: rng.chance(0.05) ? 0 : 612, height: rng.chance(0.05) ? 0 : 792))
        }
        var outline: [OutlineEntry] = []
        if rng.chance(0.4) {
            for _ in 0..<rng.int(1...12) {
                let page = rng.int(-2...(count + 3))
                let title = rng.chance(0.6) ? line(&rng, page: max(page, 1)) : FuzzText.unicode(&rng, count: rng.int(0...20))
                outline.append(OutlineEntry(title: String(title.prefix(300)), page: page, level: rng.int(0...20)))
            }
        }
        return (pages, outline)
    }

    // MARK: Invariants

    /// Runs of alphabetic and numeric scalars: the words whose survival is checked. (Scalars, not
    /// Characters: a combining mark clusters differently depending on its neighbours.)
    private static func words(in text: String) -> [[UInt32]] {
        var out: [[UInt32]] = []
        var current: [UInt32] = []
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.append(scalar.value)
            } else if !current.isEmpty {
                out.append(current)
                current = []
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    private static func contains(_ haystack: [UInt32], _ needle: ArraySlice<UInt32>) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    private static func splitterProblems(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let ranges = SentenceSplitter().split(scalars)
        var problems: [String] = []
        var covered = [Bool](repeating: false, count: scalars.count)
        var previousEnd = 0
        for range in ranges {
            if range.isEmpty { problems.append("empty sentence range") }
            if range.lowerBound < previousEnd { problems.append("overlapping or unordered ranges") }
            if range.lowerBound < 0 || range.upperBound > scalars.count { problems.append("range out of bounds"); continue }
            if let first = range.first, scalars[first].properties.isWhitespace { problems.append("untrimmed start") }
            if let last = range.last, scalars[last].properties.isWhitespace { problems.append("untrimmed end") }
            for i in range { covered[i] = true }
            previousEnd = range.upperBound
        }
        for (i, scalar) in scalars.enumerated() where !covered[i] && !scalar.properties.isWhitespace {
            problems.append("character \(String(scalar).debugDescription) at \(i) in no sentence")
            break
        }
        return problems
    }

    private static func pipelineProblems(pages: [Page], outline: [OutlineEntry]) -> (problems: [String], chunks: Int) {
        let result = TextPipeline(settings: settings).process(pages: pages, outline: outline)
        var problems: [String] = []
        let numbers = Set(pages.map(\.number))
        if result.cleanedPages.count != pages.count { problems.append("\(result.cleanedPages.count) cleaned pages for \(pages.count)") }
        var previousFirst = 0
        for (index, chunk) in result.chunks.enumerated() {
            if chunk.ordinal != index { problems.append("ordinal \(chunk.ordinal) at \(index)") }
            if chunk.sentences.isEmpty { problems.append("chunk \(index) has no sentences") }
            if chunk.text.count > settings.maximumCharacters {
                problems.append("chunk \(index) has \(chunk.text.count) characters (max \(settings.maximumCharacters))")
            }
            var previousPage = 0
            for sentence in chunk.sentences {
                if sentence.text.allSatisfy(\.isWhitespace) { problems.append("blank sentence in chunk \(index)") }
                if !numbers.contains(sentence.page) || !numbers.contains(sentence.lastPage) || sentence.page > sentence.lastPage {
                    problems.append("sentence pages \(sentence.page)-\(sentence.lastPage) in chunk \(index)")
                }
                // Headings too, though outlines need not be in page order.
                if sentence.page < previousPage { problems.append("sentences out of page order in chunk \(index)") }
                previousPage = sentence.page
            }
            if chunk.firstPage < previousFirst { problems.append("chunk \(index) starts on page \(chunk.firstPage) after \(previousFirst)") }
            previousFirst = chunk.firstPage
        }
        for heading in result.headings where !numbers.contains(heading.page) {
            problems.append("heading \(heading.title.prefix(30).debugDescription) on page \(heading.page)")
        }
        // Nothing dropped: every word of the cleaned text is in some chunk or heading path.
        // Very long words are cut into pieces (possibly across chunks), so those are checked 50 characters
        // at a time against the chunks' letters and digits with everything else removed.
        let chunkWords = result.chunks.map { words(in: $0.text) + $0.headingPath.flatMap(words(in:)) }
        let kept = Set(chunkWords.joined())
        let keptLetters = Array(chunkWords.joined().joined())
        for (pageIndex, page) in result.cleanedPages.enumerated() {
            for word in Set(words(in: page)) where !kept.contains(word) {
                let pieces = stride(from: 0, to: word.count, by: 50).map { word[$0..<min($0 + 50, word.count)] }
                if let missing = pieces.first(where: { !contains(keptLetters, $0) }) {
                    let shown = String(String.UnicodeScalarView(missing.prefix(20).compactMap(Unicode.Scalar.init)))
                    problems.append("word piece \(shown.debugDescription) of page \(pageIndex + 1) is in no chunk")
                    break
                }
            }
        }
        // Keyword candidates taken from the passage's analysis equal those of the text analysed on its own.
        var stems = StemCache()
        for chunk in result.chunks {
            let analysed = DocumentProcessor.analyse(chunk, keywords: KeywordExtractor(), embedder: StaticEmbedder(),
                                                     stems: &stems)
            if analysed.keywordCandidates != KeywordExtractor().candidates(for: [chunk])[0] {
                problems.append("keyword candidates of chunk \(chunk.ordinal) differ from its text's")
            }
            if analysed.terms != TextAnalyzer.terms(ChunkPassage.text(chunk)) {
                problems.append("passage terms of chunk \(chunk.ordinal) differ")
            }
        }
        // Vectors: the embedder's dimension, finite, unit length or all zero.
        let embedder = StaticEmbedder()
        let passages = result.chunks.map(ChunkPassage.text) + ["", "   ", "\u{200B}", "...", "😀"]
        for (index, vector) in passages.map(embedder.embed).enumerated() {
            if vector.count != embedder.dimension { problems.append("vector \(index) has \(vector.count) entries"); continue }
            if vector.contains(where: { !$0.isFinite }) { problems.append("vector \(index) is not finite"); continue }
            let norm = vector.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot()
            if !(norm == 0 || abs(norm - 1) < 1e-3) { problems.append("vector \(index) has length \(norm)") }
            if passages[index].isEmpty && norm != 0 { problems.append("empty text has a non-zero vector") }
        }
        return (problems, result.chunks.count)
    }

    // MARK: Tests

    @Test func randomDocumentsKeepEveryInvariant() {
        let seed: UInt64 = 0x7E47_0001
        var rng = SplitMix64(seed: seed)
        let deadline = Date().addingTimeInterval(15)
        var documents = 0, chunks = 0
        var failures: [String] = []
        // At least 40 documents however slow the machine, then as many as 15 s allow.
        for iteration in 0..<300 where (documents < 40 || Date() < deadline) && failures.count < 5 {
            let state = rng.state
            let (pages, outline) = TextPipelineFuzzTests.document(&rng)
            let (problems, made) = TextPipelineFuzzTests.pipelineProblems(pages: pages, outline: outline)
            documents += 1
            chunks += made
            if !problems.isEmpty {
                failures.append("iteration \(iteration) (SplitMix64 state \(state)): \(Array(Set(problems)).prefix(5))")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        print("TextPipelineFuzzTests: \(documents) random documents, \(chunks) chunks")
    }

    @Test func randomTextThroughTheSentenceSplitter() {
        var rng = SplitMix64(seed: 0x7E47_0002)
        var failures: [String] = []
        var count = 0
        let deadline = Date().addingTimeInterval(10)
        for iteration in 0..<2000 where Date() < deadline && failures.count < 5 {
            let state = rng.state
            let text: String
            switch iteration % 3 {
            case 0: text = FuzzText.unicode(&rng, count: rng.int(0...400))
            case 1: text = (0..<rng.int(1...30)).map { _ in TextPipelineFuzzTests.line(&rng, page: 1) }.joined(separator: rng.pick(["\n", "\n\n", " "]))
            default: text = (0..<rng.int(1...200)).map { _ in rng.pick(FuzzText.nasty + [" ", "\n", "a", "A", "1", ".", ". "]) }.joined()
            }
            count += 1
            let problems = TextPipelineFuzzTests.splitterProblems(text)
            if !problems.isEmpty { failures.append("iteration \(iteration) (state \(state)): \(problems.prefix(3))") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        print("TextPipelineFuzzTests: \(count) texts through the sentence splitter")
    }

    /// Hand-picked hostile pages, each on its own.
    @Test(arguments: [
        "", " ", "\n\n\n", ".", "...", ". . . . .", "?!?!", "\u{0}", "\u{FEFF}", "\u{200B}\u{200B}", "a.b.c.d.e.f",
        "No. No. No. No.", "e.g. e.g. e.g.", "1. 2. 3. 4. 5.", "•", "• • •", "WARNING", "WARNING\nWARNING\nWARNING",
        String(repeating: "A. ", count: 3000), String(repeating: "x", count: 20_000), String(repeating: "é\u{0301}", count: 5000),
        String(repeating: "タイヤ", count: 4000), String(repeating: "\n", count: 5000), String(repeating: "-\n", count: 2000),
        String(repeating: "1.2.3.", count: 2000), String(repeating: "👩🏽‍🔧", count: 2000), String(repeating: "(", count: 5000),
    ])
    func adversarialPage(_ text: String) {
        let pages = [Page(number: 1, text: text), Page(number: 2, text: text, lines: [TextLine(text: text, top: 10, bottom: 20, fontSize: 10)])]
        let problems = TextPipelineFuzzTests.pipelineProblems(pages: pages, outline: [OutlineEntry(title: text, page: 1, level: 1)]).problems
            + TextPipelineFuzzTests.splitterProblems(text)
        #expect(problems.isEmpty, "\(text.prefix(40).debugDescription): \(problems.prefix(5))")
    }
}
