import Testing
@testable import ManualKit
@testable import ManualIndex

struct KeywordExtractorTests {
    private func chunk(_ text: String, heading: [String] = [], ordinal: Int = 0) -> Chunk {
        Chunk(ordinal: ordinal, sentences: [Sentence(text: text, page: 1)], headingPath: heading)
    }

    /// Document frequencies computed over `chunks` themselves, as a one-document library.
    private func frequencies(_ chunks: [Chunk]) -> [String: Int] {
        var df: [String: Int] = [:]
        for c in chunks {
            for term in Set(TextAnalyzer.terms(c.text + "\n" + c.headingPath.joined(separator: "\n"))) {
                df[term, default: 0] += 1
            }
        }
        return df
    }

    private let library = [
        "Check the tire pressure when the tires are cold. Inflate the tires to the pressure on the placard, 35 psi.",
        "Change the engine oil and the oil filter every 5,000 miles. Check the oil level with the dipstick.",
        "Pair your phone over Bluetooth from the settings menu, then check the connection.",
        "Clean the wiper blades and check the washer fluid level every month.",
    ]

    @Test func tirePressureChunkGetsTireAndPressure() {
        let chunks = library.enumerated().map { chunk($1, ordinal: $0) }
        let df = frequencies(chunks)
        let keywords = KeywordExtractor().keywords(for: chunks, documentFrequency: { df[$0] ?? 0 },
                                                   chunkCount: chunks.count)
        #expect(keywords.count == chunks.count)
        let tire = keywords[0]
        #expect(Set(tire.prefix(2)) == ["pressur", "tire"])
        #expect(tire.contains("35psi"))
        #expect(!tire.contains("the") && !tire.contains("when") && !tire.contains("are"))
        // "check" is in every chunk: it must rank below the distinctive terms.
        if let check = tire.firstIndex(of: "check") {
            #expect(check > tire.firstIndex(of: "tire")!)
        }
        #expect(keywords[1].first == "oil")
    }

    @Test func headingWordsCountMore() {
        // "valve" and "stem" each occur once in the text with the same document frequency;
        // only "valve" is in the heading, so it must win.
        let c = chunk("Replace the stem and the valve.", heading: ["Wheels", "Valve Service"])
        let df = ["stem": 3, "valv": 3, "replac": 5, "wheel": 5, "servic": 5]
        let keywords = KeywordExtractor().keywords(for: [c], documentFrequency: { df[$0] ?? 1 }, chunkCount: 10)[0]
        #expect(keywords.first == "valv")
        #expect(keywords.firstIndex(of: "valv")! < keywords.firstIndex(of: "stem")!)

        let flat = KeywordExtractor(headingWeight: 0).keywords(for: [c], documentFrequency: { df[$0] ?? 1 },
                                                               chunkCount: 10)[0]
        #expect(flat.prefix(2) == ["stem", "valv"])
    }

    @Test func tiesAreBrokenAlphabetically() {
        let c = chunk("zebra mango apple kiwi")
        let keywords = KeywordExtractor().keywords(for: [c], documentFrequency: { _ in 1 }, chunkCount: 4)[0]
        #expect(keywords == ["appl", "kiwi", "mango", "zebra"])
    }

    @Test func deterministicAcrossRuns() {
        let chunks = library.enumerated().map { chunk($1, heading: ["Maintenance"], ordinal: $0) }
        let df = frequencies(chunks)
        let first = KeywordExtractor().keywords(for: chunks, documentFrequency: { df[$0] ?? 0 }, chunkCount: 9)
        for _ in 0..<5 {
            #expect(KeywordExtractor().keywords(for: chunks, documentFrequency: { df[$0] ?? 0 }, chunkCount: 9) == first)
        }
    }

    @Test func respectsLimitAndSkipsBareNumbersAndShortStems() {
        let c = chunk("Torque the 12 bolts to 110 N·m in 3 passes: go up by 10 each pass, alpha beta gamma delta epsilon zeta eta theta iota kappa lambda")
        let keywords = KeywordExtractor(limit: 5).keywords(for: [c], documentFrequency: { _ in 1 }, chunkCount: 2)[0]
        #expect(keywords.count == 5)
        let all = KeywordExtractor(limit: 50).keywords(for: [c], documentFrequency: { _ in 1 }, chunkCount: 2)[0]
        #expect(all.contains("110nm"))
        #expect(!all.contains("12") && !all.contains("3") && !all.contains("10"))
        #expect(!all.contains("go") && !all.contains("up"))
    }

    @Test func emptyInputGivesEmptyOutput() {
        #expect(KeywordExtractor().keywords(for: [], documentFrequency: { _ in 1 }, chunkCount: 0).isEmpty)
        let empty = chunk("")
        #expect(KeywordExtractor().keywords(for: [empty], documentFrequency: { _ in 0 }, chunkCount: 0) == [[]])
    }
}
