import Foundation
import ManualKit
import Testing
import TestSupport

/// Issue part 5: generated questions (random Unicode, FTS5 operator soup, quotes, SQL, very long strings,
/// empty and whitespace-only) through the library API and through the binary. Every one gets a
/// well-formed answer or, on the command line, a clear usage error; nothing crashes or throws.
/// Seeds are fixed (SplitMix64), so a failure names the seed and index that reproduce it.
@Suite struct QueryFuzzTests {
    /// A small library with Latin, CJK and right-to-left text, and its documents' page counts.
    private func library(_ folder: TemporaryFolder) throws -> (ManualLibrary, [Int64: Int]) {
        let library = try ManualLibrary(path: folder.path("library.sqlite"))
        _ = try library.ingest(Fixtures.edge("small.pdf"))
        let scripts = MiniPDF(pages: [
            MiniPDF.Page(lines: ["タイヤの空気圧は230 kPaです。", "轮胎气压为230千帕。"], font: .unicode),
            MiniPDF.Page(lines: [String("לחץ האוויר בצמיגים הוא שתיים נקודה שלוש בר".reversed())], font: .unicode),
            MiniPDF.Page(lines: ["Check the \"AND\" OR NOT switch (NEAR the pump*) before use; col:value ^start."]),
        ])
        _ = try library.ingest(folder.write("scripts.pdf", scripts.data()))
        var pages: [Int64: Int] = [:]
        for document in try library.store.documents() { pages[document.id] = document.pageCount }
        return (library, pages)
    }

    /// Everything an answer promises, whatever the question.
    private func problems(_ answer: Answer, pages: [Int64: Int]) -> [String] {
        var out: [String] = []
        if !answer.score.isFinite || answer.score < 0 || answer.score > 1 { out.append("score \(answer.score)") }
        if answer.confidence == .none && !answer.citations.isEmpty { out.append("citations without an answer") }
        if answer.confidence != .none && answer.citations.isEmpty { out.append("an answer without citations") }
        if answer.answer.isEmpty { out.append("empty answer text") }
        for citation in answer.citations {
            guard let count = pages[citation.documentID] else { out.append("cites unknown document \(citation.documentID)"); continue }
            if !(1...count).contains(citation.page) { out.append("cites page \(citation.page) of \(count)") }
        }
        for (index, result) in answer.results.enumerated() {
            if result.rank != index + 1 { out.append("rank \(result.rank) at \(index)") }
            for score in [result.relevance, result.keywordScore, result.semanticScore] where !score.isFinite || score < 0 || score > 1 {
                out.append("result score \(score)")
            }
            guard let count = pages[result.documentID] else { out.append("result from unknown document"); continue }
            if result.firstPage < 1 || result.lastPage > count || result.firstPage > result.lastPage {
                out.append("result pages \(result.firstPage)-\(result.lastPage) of \(count)")
            }
        }
        let json = StableJSON.string(answer)
        if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] == nil { out.append("JSON: \(json.prefix(100))") }
        return out
    }

    @Test func thousandsOfGeneratedQuestionsThroughTheLibrary() throws {
        let folder = TemporaryFolder()
        let (library, pages) = try library(folder)
        let seed: UInt64 = 0xF0_2201
        var rng = SplitMix64(seed: seed)
        // A fixed number of questions, not a time budget: how many fit in N seconds measures the machine's
        // load, not the library (speed is measured by scripts/bench).
        var asked = 0, answered = 0, recorded = 0, refused = 0
        var failures: [String] = []
        for index in 0..<1000 where failures.count < 10 {
            let question = FuzzText.question(&rng)
            // Filters and weights vary too, including ones that exclude everything.
            let filter = SearchFilter(documentID: index % 17 == 0 ? Int64(index % 4) : nil, page: index % 19 == 0 ? index % 5 : nil,
                                      section: index % 23 == 0 ? FuzzText.question(&rng) : nil)
            let retrieval = RetrievalSettings(keywordWeight: index % 5 == 0 ? 0 : 0.4, semanticWeight: index % 9 == 0 ? 0 : 0.6,
                                              topK: 1 + index % 12)
            let record = index % 50 == 0
            do {
                let result = try library.ask(question, filter: filter, retrieval: retrieval, record: record)
                asked += 1
                if result.answer.confidence != .none { answered += 1 }
                if record { recorded += 1 }
                let found = problems(result.answer, pages: pages)
                if !found.isEmpty { failures.append("seed \(seed) #\(index) \(question.debugDescription.prefix(120)): \(found)") }
                if record && result.queryID == nil { failures.append("#\(index): not recorded") }
            } catch let error as SearchFilterError {
                // A filter past what the library holds is refused, and only such a filter.
                refused += 1
                let wrong: Bool
                switch error {
                case .noSuchPage(let document, let page, let count): wrong = pages[document] != count || page <= count
                case .pageBeyondEveryDocument(let page, let longest): wrong = longest != pages.values.max() || page <= longest
                case .noSuchSection(let section, _, _): wrong = section != filter.section
                }
                if wrong { failures.append("seed \(seed) #\(index): \(error) for \(filter)") }
            } catch StoreError.documentNotFound(let named) {
                refused += 1
                if let document = filter.documentID, pages[document] == nil, named == "#\(document)" { continue }
                failures.append("seed \(seed) #\(index): documentNotFound(\(named)) for \(filter)")
            } catch {
                failures.append("seed \(seed) #\(index) \(question.debugDescription.prefix(120)) threw \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(asked + refused == 1000, "only \(asked + refused) of 1,000 questions went through")
        #expect(refused > 0 && refused < asked, "\(refused) filters refused, \(asked) questions asked")
        #expect(answered > 0, "no question was answered: the fuzz never reached the answer path")
        #expect(try SQLiteFile.integer(folder.path("library.sqlite"), "SELECT count(*) FROM queries") == Int64(recorded))
        #expect(LibraryAudit.problems(folder.path("library.sqlite")).isEmpty)
        print("QueryFuzzTests: \(asked) questions through the API, \(answered) answered, \(recorded) recorded, \(refused) filters refused")
    }

    @Test func generatedQuestionsStreamedThroughTheBinary() throws {
        let library = SeededLibrary()
        var rng = SplitMix64(seed: 0xF0_2202)
        var questions: [String] = []
        for _ in 0..<500 {
            // One question per line: line breaks inside a question would make it two.
            let question = FuzzText.question(&rng).replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\u{2028}", with: " ")
                .replacingOccurrences(of: "\u{85}", with: " ")
            questions.append(question)
        }
        // Raw bytes that are not UTF-8 at all, too.
        var input = Data(questions.joined(separator: "\n").utf8)
        input.append(contentsOf: [0x0A, 0xFF, 0xFE, 0x80, 0x41, 0x0A, 0xC3, 0x0A])
        let result = library.manual(["query", "-", "--no-history"], stdin: input)
        #expect(result.signal == nil, "\(result)")
        #expect(result.exitCode == 0, "\(result)")
        // Blank lines (after trimming spaces) are skipped; every other line gets one JSON object.
        let expected = String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == expected, "\(lines.count) answers for \(expected) questions")
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["confidence"] is String && object?["answer"] is String, "\(line.prefix(200))")
        }
        #expect(library.snapshot.integrity == "ok")
        print("QueryFuzzTests: \(lines.count) questions through `manual query -`")
    }

    @Test func generatedQuestionsAsSeparateInvocations() {
        let library = SeededLibrary()
        var rng = SplitMix64(seed: 0xF0_2203)
        var codes: [Int32: Int] = [:]
        let fixed = ["", " ", "\t \u{00A0}", "-", "--", "--json", "-x", "\"", "*", "NEAR(", String(repeating: "tire ", count: 4000)]
        for index in 0..<60 {
            let question = index < fixed.count ? fixed[index] : FuzzText.question(&rng)
            // A NUL cannot be in an argument; the kernel would cut the string there anyway.
            let argument = question.replacingOccurrences(of: "\u{0}", with: "")
            let result = library.manual(["query", argument, "--json", "--no-history"])
            codes[result.exitCode ?? -1, default: 0] += 1
            #expect(result.signal == nil, "#\(index) \(argument.debugDescription.prefix(80)): \(result)")
            switch result.exitCode {
            case 0 where argument == "-":
                // "-" reads questions from stdin, which is empty here: no answers, no error.
                #expect(result.stdout.isEmpty)
            case 0:
                let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                #expect(object?["confidence"] is String, "#\(index) \(argument.debugDescription.prefix(80)): \(result.stdout.prefix(200))")
            case 64:
                // A usage error says what is wrong, on stderr, and prints no answer.
                #expect(result.stderr.contains("Error") || result.stderr.contains("Usage"), "#\(index): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            default:
                Issue.record("#\(index) \(argument.debugDescription.prefix(80)): unexpected \(result)")
            }
        }
        #expect((codes[0] ?? 0) > 30, "\(codes)")
        #expect(library.snapshot.integrity == "ok")
        print("QueryFuzzTests: 60 separate invocations, exit codes \(codes)")
    }
}
