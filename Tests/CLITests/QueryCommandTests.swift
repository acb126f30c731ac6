import Foundation
import Testing
import TestSupport

/// One library holding the sample manual and the small kettle guide, shared by the query tests.
private let sharedLibrary: (folder: TemporaryFolder, runner: ManualRunner) = {
    let folder = TemporaryFolder()
    let runner = ManualRunner(library: folder.path("library.sqlite"))
    let result = runner.run("ingest", "--quiet", Fixtures.sampleManual, Fixtures.edge("small.pdf"))
    precondition(result.status == 0, "ingest failed: \(result.stderr)")
    return (folder, runner)
}()

private func answer(_ arguments: String...) throws -> [String: Any] {
    let result = sharedLibrary.runner.run(["query", "--json", "--no-history"] + arguments)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
}

private func citedPages(_ answer: [String: Any]) -> [Int] {
    (answer["citations"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int }
}

@Suite struct QueryCommandTests {
    @Test(arguments: [
        ("What tire pressure is recommended?", 23, "17"),
        ("How often should I change the oil?", 26, "20"),
        ("How do I reset the maintenance light?", 29, "23"),
    ])
    func referenceQuestionsCiteThePhysicalPageAndItsLabel(question: String, page: Int, label: String) throws {
        let a = try answer(question)
        #expect(citedPages(a).first == page, "\(a["answer"] ?? "")")
        let citation = (a["citations"] as? [[String: Any]])?.first
        #expect(citation?["label"] as? String == label)
        #expect(["high", "medium"].contains(a["confidence"] as? String ?? ""))
        #expect((a["suggestedFollowUps"] as? [String])?.isEmpty == false)
    }

    @Test(arguments: [
        ("how much air should the tyres have", 23),
        ("when is the engine lubricant due for replacement", 26),
        ("turn off the spanner symbol on the dashboard", 29),
    ])
    func paraphrasesFindTheRightPage(question: String, page: Int) throws {
        let a = try answer(question)
        let ranked = (a["results"] as? [[String: Any]] ?? []).prefix(5)
        let hit = ranked.contains { ($0["firstPage"] as? Int ?? 0) <= page && page <= ($0["lastPage"] as? Int ?? 0) }
        #expect(hit, "no passage covering p. \(page) among \(ranked.map { $0["firstPage"] ?? 0 })")
    }

    @Test(arguments: ["How do I make pizza dough?", "What is the capital of Mongolia?", "quantum chromodynamics lattice"])
    func unrelatedQuestionsAreDeclinedWithoutCitations(question: String) throws {
        let a = try answer(question)
        #expect(a["confidence"] as? String == "none")
        #expect((a["citations"] as? [Any])?.isEmpty == true)
        #expect((a["answer"] as? String)?.contains("does not appear to cover") == true)
    }

    /// A near miss that names something the manual never mentions, or asks for a value it never states,
    /// is declined with the reason, as the printed answer shows it.
    @Test func nearMissesAreDeclinedWithTheirReason() throws {
        let named = sharedLibrary.runner.run("query", "--no-history", "How do I pair the XR-7 key fob with the car?")
        #expect(named.status == 0)
        #expect(named.stdout.contains("no manual in it mentions") && named.stdout.contains("XR-7"), "\(named.stdout)")
        #expect(named.stdout.contains("Confidence: none"), "\(named.stdout)")
        let price = try answer("How much does a replacement smart key cost?")
        #expect(price["confidence"] as? String == "none")
        #expect((price["citations"] as? [Any])?.isEmpty == true)
        #expect((price["answer"] as? String)?.contains("state no price") == true, "\(price["answer"] ?? "")")
    }

    /// Poppler and Tesseract (and the ~80 libraries they need) cost 19 ms at every start, and GLib and cairo
    /// (with their ~20) a twentieth of a question; a question reads neither a PDF nor an image, so `manual`
    /// loads them only when called (CDeferredLibraries). The loader's own trace (LD_DEBUG=files) names every
    /// library a process opens.
    @Test func aQuestionLoadsNeitherPopplerNorTesseractNorCairo() throws {
        var runner = sharedLibrary.runner
        runner.environment["LD_DEBUG"] = "files"
        let result = runner.run("query", "--json", "--no-history", "What tire pressure is recommended?")
        #expect(result.status == 0)
        #expect(result.stderr.contains("libsqlite3"), "no loader trace: \(result.stderr.prefix(500))")
        #expect(!result.stderr.contains("libpoppler"))
        #expect(!result.stderr.contains("libtesseract"))
        #expect(!result.stderr.contains("libcairo"))
        #expect(!result.stderr.contains("libglib"))
        #expect(!result.stderr.contains("libX11"))
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(["high", "medium"].contains(answer?["confidence"] as? String ?? ""))
    }

    /// A printed answer's stale-library note needs Tesseract's version: the first run loads Tesseract and
    /// records the version in the user's cache folder; later runs read the record while nothing that
    /// decides which library the loader would give has changed, and load it again when something has.
    @Test func aPrintedAnswerLoadsTesseractOnlyUntilItsVersionIsRecorded() throws {
        let cache = TemporaryFolder()
        var runner = sharedLibrary.runner
        runner.environment["XDG_CACHE_HOME"] = cache.url.path
        runner.environment["LD_DEBUG"] = "files"
        let question = ["query", "--no-history", "What tire pressure is recommended?"]
        let first = runner.run(question)
        #expect(first.status == 0)
        #expect(first.stderr.contains("libtesseract"))
        #expect(FileManager.default.fileExists(atPath: cache.path("manual/tesseract-version")))
        let second = runner.run(question)
        #expect(second.status == 0)
        #expect(second.stderr.contains("libsqlite3"), "no loader trace: \(second.stderr.prefix(500))")
        #expect(!second.stderr.contains("libtesseract"))
        #expect(second.stdout == first.stdout)
        runner.environment["LD_LIBRARY_PATH"] = cache.url.path
        #expect(runner.run(question).stderr.contains("libtesseract"))
    }

    @Test func humanOutputHasPageMarkersSourcesAndConfidenceIn80Columns() {
        let result = sharedLibrary.runner.run("query", "--no-history", "What tire pressure is recommended?")
        #expect(result.status == 0)
        // The library holds two manuals: every marker names the one it cites.
        #expect(result.stdout.contains("[Northwind Tern 2024 p. 23]"), "\(result.stdout)")
        #expect(result.stdout.contains("Sources"))
        #expect(result.stdout.contains("p. 23 (printed 17)"))
        #expect(result.stdout.contains("Confidence: "))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(result.stdout)")
    }

    /// "Clean the interior …; dashboard surfaces and the touch screen should be wiped with a soft dry cloth
    /// only." starts at the foot of p. 32 and ends on p. 33, where the words asked about stand: the marker,
    /// the sources and the JSON name both pages.
    @Test func aSentenceThatRunsOverAPageBreakCitesBothPages() throws {
        let printed = sharedLibrary.runner.run("query", "--no-history", "How should I clean the touch screen?")
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("Tern 2024 pp. 32-33]"), "\(printed.stdout)")
        #expect(printed.stdout.contains("[pp. 32-33 (printed 26-27)]"), "\(printed.stdout)")
        let a = try answer("How should I clean the touch screen?")
        let citation = (a["citations"] as? [[String: Any]])?.first
        #expect(citation?["page"] as? Int == 32 && citation?["lastPage"] as? Int == 33 && citation?["lastLabel"] as? String == "27",
                "\(citation ?? [:])")
        let sources = (a["sourcePages"] as? [[String: Any]] ?? []).compactMap { $0["page"] as? Int }
        #expect(sources.prefix(2) == [32, 33], "\(sources)")
        // A sentence on one page has no last page in the JSON.
        let tire = try answer("What tire pressure is recommended?")
        #expect((tire["citations"] as? [[String: Any]])?.allSatisfy { $0["lastPage"] == nil } == true)
    }

    /// The printed score is cut to two decimals, not rounded: a 0.6492 is medium (high starts at 0.65)
    /// and must not read "medium (0.65)".
    @Test(arguments: ["What tire pressure is recommended?", "How often should I change the oil?",
                      "How do I reset the maintenance light?", "wiper blades", "kettle descaling"])
    func thePrintedScoreIsTheJSONScoreCutToTwoDecimals(question: String) throws {
        let a = try answer(question)
        let score = try #require(a["score"] as? Double)
        let confidence = try #require(a["confidence"] as? String)
        let text = sharedLibrary.runner.run("query", "--no-history", question).stdout
        let hundredths = Int((score * 10_000).rounded()) / 100
        #expect(text.contains("Confidence: \(confidence) (\(hundredths / 100).\(String(format: "%02d", hundredths % 100)))"),
                "JSON score \(score): \(text.split(separator: "\n").last { $0.hasPrefix("Confidence") } ?? "")")
    }

    @Test func singleChannelWeightsReduceExactlyToThatChannel() throws {
        let keywordOnly = try answer("tire pressure", "--keyword-weight", "1", "--semantic-weight", "0")
        for r in keywordOnly["results"] as? [[String: Any]] ?? [] {
            #expect(r["relevance"] as? Double == r["keywordScore"] as? Double)
            #expect(r["semanticScore"] as? Double == 0)
            #expect(r["matchType"] as? String == "keyword")
        }
        let semanticOnly = try answer("tire pressure", "--keyword-weight", "0", "--semantic-weight", "1")
        for r in semanticOnly["results"] as? [[String: Any]] ?? [] {
            #expect(r["relevance"] as? Double == r["semanticScore"] as? Double)
            #expect(r["keywordScore"] as? Double == 0)
            #expect(r["matchType"] as? String == "semantic")
        }
        let hybrid = try answer("tire pressure")
        let results = hybrid["results"] as? [[String: Any]] ?? []
        #expect(results.count == 5)
        for r in results {
            let expected = 0.4 * (r["keywordScore"] as? Double ?? 0) + 0.6 * (r["semanticScore"] as? Double ?? 0)
            #expect(abs((r["relevance"] as? Double ?? -1) - expected) < 0.0002)
            #expect((0...1).contains(r["keywordScore"] as? Double ?? -1))
            #expect((0...1).contains(r["semanticScore"] as? Double ?? -1))
        }
    }

    @Test(arguments: [
        "\"tire pressure", "tire* OR NOT (pressure", "column:text", "NEAR(tire pressure, 2)", "- -- ---",
        "What's the driver's-side tire's pressure?", "🚗 tire pressure 🛞", "タイヤの空気圧", "ضغط الإطارات",
        String(repeating: "tire pressure ", count: 800), "AND", "*", "())(", "'; DROP TABLE chunks; --",
    ])
    func anyTypedTextIsAValidQuery(question: String) throws {
        // "--" ends the options, as in any command line, so a question may start with "-".
        let result = sharedLibrary.runner.run("query", "--json", "--no-history", "--", question)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["confidence"] != nil)
        #expect(try SQLiteFile.integer(sharedLibrary.runner.library, "SELECT count(*) FROM chunks") > 0)
    }

    @Test func emptyQuestionIsAUsageError() {
        #expect(sharedLibrary.runner.run("query", "   ").status == 64)
        #expect(sharedLibrary.runner.run("query", "x", "--keyword-weight", "0", "--semantic-weight", "0").status == 64)
    }

    @Test func sameQuestionGivesTheSameBytesInAnotherProcess() {
        let first = sharedLibrary.runner.run("query", "--json", "--no-history", "wiper blades replacement")
        let second = sharedLibrary.runner.run("query", "--json", "--no-history", "wiper blades replacement")
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func stdinModeWritesOneJSONObjectPerQuestion() throws {
        let result = sharedLibrary.runner.run(["query", "-", "--no-history"],
                                              stdin: "tire pressure\n\nengine oil capacity\nkettle descaling\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["answer"] is String)
        }
    }

    @Test func filtersLimitTheSearch() throws {
        let kettle = try answer("descale", "--doc", "2")
        #expect((kettle["results"] as? [[String: Any]] ?? []).allSatisfy { $0["documentID"] as? Int == 2 })
        let page = try answer("pressure", "--page", "23")
        #expect((page["results"] as? [[String: Any]] ?? []).allSatisfy {
            ($0["firstPage"] as? Int ?? 0) <= 23 && 23 <= ($0["lastPage"] as? Int ?? 0)
        })
        let section = try answer("check", "--section", "tire pressure")
        let headings = (section["results"] as? [[String: Any]] ?? []).compactMap { $0["heading"] as? String }
        #expect(!headings.isEmpty)
        #expect(headings.allSatisfy { $0.lowercased().contains("tire pressure") })
        #expect(sharedLibrary.runner.run("query", "x", "--doc", "99").status == 30)
    }

    /// A filter past what the library holds is refused with what there is, not answered "not covered": the
    /// sample manual has 47 pages and the kettle guide 3.
    @Test(arguments: [
        (["--doc", "1", "--page", "230"], 32, "manual: document #1 has no page 230 (it has 47 pages)"),
        (["--page", "230"], 32, "manual: no document in the library has a page 230 (the longest has 47 pages)"),
        (["--doc", "2", "--page", "23"], 32, "manual: document #2 has no page 23 (it has 3 pages)"),
        (["--section", "tyre presure"], 35,
         "manual: no section heading contains \"tyre presure\" (see 'manual show ID --outline')"),
        (["--doc", "2", "--section", "tire pressure"], 35,
         "manual: no section heading of document #2 contains \"tire pressure\" (see 'manual show 2 --outline')"),
        (["--page", "5", "--section", "tire pressure"], 35,
         "manual: no section heading on page 5 contains \"tire pressure\" (see 'manual show ID --outline')"),
    ])
    func aFilterPastTheLibraryIsRefused(filter: [String], status: Int32, message: String) {
        for question in ["tire pressure", "-"] {
            let result = sharedLibrary.runner.run(["query", "--no-history", question] + filter, stdin: "tire pressure\n")
            #expect(result.status == status, "\(filter) \(question): \(result.stderr)")
            #expect(result.stderr == message + "\n", "\(filter) \(question)")
            #expect(result.stdout.isEmpty, "\(filter) \(question)")
        }
    }

    @Test func explainShowsBothScoresAndMatchedTerms() {
        let result = sharedLibrary.runner.run("query", "--no-history", "--explain", "tire pressure")
        #expect(result.stdout.contains("keyword 0."))
        #expect(result.stdout.contains("semantic 0."))
        #expect(result.stdout.contains("matched: tire, pressur"))
    }

    @Test func findListsThePagesOfAnExactPhrase() throws {
        let result = sharedLibrary.runner.run("find", "--json", "inflate the front tires")
        let hits = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(hits?.map { $0["page"] as? Int } == [23])
        #expect((hits?.first?["snippet"] as? String)?.contains("230 kPa") == true)
        #expect(sharedLibrary.runner.run("find", "no such phrase anywhere zebra").stdout.contains("does not occur"))
    }

    @Test func historyRecordsQuestionsAndRatings() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", Fixtures.edge("small.pdf")).status == 0)
        let asked = runner.run("query", "--json", "how do I descale the kettle")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(asked.stdout.utf8)) as? [String: Any])?["queryID"] as? Int)
        #expect(runner.run("rate", String(id), "helpful").status == 0)
        let history = try JSONSerialization.jsonObject(with: Data(runner.run("history", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(history?.first?["question"] as? String == "how do I descale the kettle")
        #expect(history?.first?["rating"] as? String == "helpful")
        #expect(runner.run("rate", "999", "helpful").status == 31)
        #expect(runner.run("rate", String(id), "great").status == 64)
        let cited = try JSONSerialization.jsonObject(with: Data(runner.run("history", "--json", "--doc", "1").stdout.utf8)) as? [[String: Any]]
        #expect(cited?.count == 1)
    }

    /// With questions in the history, none of them of document #9 is not an empty history; and 0 questions is no listing.
    @Test func historyOfADocumentWithoutQuestionsSaysSo() throws {
        let runner = sharedLibrary.runner
        #expect(runner.run("query", "tire pressure").status == 0)
        let none = runner.run("history", "--doc", "9")
        #expect(none.status == 0)
        #expect(none.stdout == "No questions limited to or citing document #9.\n")
        #expect(runner.run("history").stdout.contains("tire pressure"))
        #expect(runner.run("history", "--limit", "0").status == 64)
    }

    @Test func chunksOfAPagePastTheEndAreRefused() {
        let past = sharedLibrary.runner.run("chunks", "1", "--page", "48")
        #expect(past.status == 32)
        #expect(past.stderr == "manual: document #1 has no page 48 (it has 47 pages)\n")
        #expect(sharedLibrary.runner.run("chunks", "1", "--page", "0").status == 64)
        #expect(sharedLibrary.runner.run("chunks", "1", "--page", "47").status == 0)
    }
}
