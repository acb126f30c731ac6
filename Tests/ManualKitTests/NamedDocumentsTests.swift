import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion
@testable import ManualRetrieval

/// A question that names one of several manuals is answered from that manual.
@Suite(.serialized) struct NamedDocumentsTests {
    /// The car manual (#1, "Northwind Tern 2024 Owner's Manual") and the kettle guide (#2,
    /// "Northwind Kettle K2 Quick Guide"), each with its own warranty and service text.
    static let library = FixtureLibrary()

    private func named(_ question: String) throws -> Set<Int64> {
        let store = Self.library.library.store
        return try NamedDocuments(terms: QueryTerms(question: question, store: store), store: store).ids
    }

    @Test func aProductNameNamesItsManualAndSharedOrSubjectWordsNameNone() throws {
        #expect(try named("How do I descale the kettle?") == [2])
        #expect(try named("Tern tire pressure") == [1])
        // The brand is in both titles; "water" and "warranty" are no product's name.
        #expect(try named("Northwind service centre") == [])
        #expect(try named("How much water goes in?") == [])
        #expect(try named("What does the warranty cover?") == [])
    }

    @Test func aQuestionNamingTheKettleIsQuotedFromTheKettleGuide() throws {
        let question = "Who do I contact for warranty service on my kettle?"
        let answer = try Self.library.library.ask(question, record: false).answer
        #expect(answer.citations.map(\.file) == ["small.pdf"], "\(answer.citations)")
        #expect(answer.citations.first?.page == 3)
        #expect(answer.answer.contains("service centre"))
        let fromCar = answer.results.filter { $0.file == "sample-manual.pdf" }
        #expect(!fromCar.isEmpty && fromCar.allSatisfy { $0.documentFactor == 0.75 })
        #expect(answer.results.filter { $0.file == "small.pdf" }.allSatisfy { $0.documentFactor == nil })
        // Without the preference, the car manual's warranty text is what gets quoted.
        var neutral = RetrievalSettings()
        neutral.unnamedDocumentFactor = 1
        let unweighted = try Self.library.library.ask(question, retrieval: neutral, record: false).answer
        #expect(unweighted.citations.first?.file == "sample-manual.pdf")
    }

    @Test func aShortManualIsNamedThoughALongOneMentionsItAFewTimes() throws {
        // A 60-page pump manual says "Zephyr" on 2 pages (it recommends the Zephyr meter); the Zephyr
        // meter's 2-page card says it throughout. Two stray chunks were more than a twentieth of the
        // card's own, so the name counted as a word of the subject; by share of each one's chunks it
        // is the card's own (2 of 60 or more against all of them).
        let folder = TemporaryFolder()
        var rng = SplitMix64(seed: 60)
        let parts = ["the pump", "the filter", "the heater", "the valve", "the impeller", "the seal", "the housing"]
        var pumpPages: [MiniPDF.Page?] = []
        for page in 1...60 {
            var lines = ["\(page) Care of \(rng.pick(parts)) (section \(page))"]
            for _ in 0..<14 {
                lines.append("Check \(rng.pick(parts)) every \(rng.int(2...52)) weeks and replace \(rng.pick(parts)) after \(rng.int(100...9000)) hours of running.")
            }
            if [7, 41].contains(page) { lines.append("Measure the flow with a Zephyr meter before you adjust the valve.") }
            pumpPages.append(MiniPDF.Page(lines: lines))
        }
        let pump = folder.write("pump-manual.pdf", MiniPDF(pages: pumpPages).data())
        let card = folder.write("zephyr-card.pdf", MiniPDF(texts: [
            "Zephyr flow meter\nThe Zephyr meter reads flow in litres per minute.\nHold the Zephyr level while it reads.",
            "Zephyr batteries\nThe Zephyr runs on two AA cells; replace them when the display blinks.",
        ]).data())
        let library = try ManualLibrary(path: folder.path("lib.sqlite"))
        _ = try library.ingest(pump)
        _ = try library.ingest(card)
        let ids = Dictionary(uniqueKeysWithValues: try library.store.documentNames().map { ($0.names.contains("zephyr") ? "card" : "pump", $0.id) })
        let named = try NamedDocuments(terms: QueryTerms(question: "How do I replace the Zephyr batteries?", store: library.store),
                                       store: library.store).ids
        #expect(named == [ids["card"]!], "\(named) \(ids)")
    }

    @Test func aWordOfSomeTitlesThatMostManualsUseNamesNone() throws {
        // Two long manuals have "user" in their file names ("ngspice user manual", "nut-user-manual.pdf")
        // and use it on every page; three short ones use it too. Their few chunks holding it were under a
        // twentieth of the long ones' many, so "user" named the long ones and a question about a short one
        // ("a user-specified disk") lost a quarter of its relevance to them.
        let folder = TemporaryFolder()
        var rng = SplitMix64(seed: 18)
        let words = ["settings", "files", "options", "paths", "limits", "modes", "queues"]
        func longManual(_ subject: String) -> Data {
            MiniPDF(pages: (1...60).map { page in
                MiniPDF.Page(lines: ["\(page) The \(subject) user and the \(rng.pick(words))"] + (0..<14).map { _ in
                    "A user of \(subject) sets \(rng.pick(words)) every \(rng.int(2...60)) runs and reads \(rng.pick(words)) at \(rng.int(10...900)) steps."
                })
            }).data()
        }
        let library = try ManualLibrary(path: folder.path("lib.sqlite"))
        _ = try library.ingest(folder.write("alpha-user-manual.pdf", longManual("alpha")))
        _ = try library.ingest(folder.write("beta-user-guide.pdf", longManual("beta")))
        for name in ["gamma", "delta", "epsilon"] {
            _ = try library.ingest(folder.write("\(name)-card.pdf", MiniPDF(texts: [
                "\(name.capitalized) disks\nA user-specified disk of the \(name) unit holds 5 MB at least and 2 GB at most.",
            ]).data()))
        }
        let named = try NamedDocuments(terms: QueryTerms(question: "How large can a user-specified disk be?", store: library.store),
                                       store: library.store)
        #expect(named.ids.isEmpty, "\(named.ids) \(named.nameTerms)")
        // A name only the long manuals use still names them.
        let alpha = try NamedDocuments(terms: QueryTerms(question: "How often does the alpha user set limits?", store: library.store),
                                       store: library.store)
        #expect(alpha.nameTerms == ["alpha"] && alpha.ids.count == 1, "\(alpha.ids) \(alpha.nameTerms)")
    }

    @Test func theKeptIndexOfNamesNamesWhatReadingTheNamesDoes() throws {
        let store = Self.library.library.store
        let index = DocumentNameIndex(documents: try store.documentNames())
        #expect(index.documentCount == 2)
        #expect(DocumentNameIndex(text: index.text) == index)
        for question in ["How do I descale the kettle?", "Tern tire pressure", "Northwind service centre",
                         "What does the warranty cover?", "Kettle K2 or Tern?", "Zorvex"] {
            let terms = QueryTerms(question: question, store: store)
            let kept = try NamedDocuments(terms: terms, store: store, index: index)
            let read = try NamedDocuments(terms: terms, store: store)
            #expect(kept.ids == read.ids && kept.nameTerms == read.nameTerms, "\(question)")
        }
        #expect(try NamedDocuments(terms: QueryTerms(question: "Tern tire pressure", store: store), store: store, index: index).ids == [1])
    }

    @Test func aNameTermItsOwnFirstLettersDoNotSpellIsReadFromTheNames() throws {
        // "Météo" is analysed to "meteo", whose first letters are not in the lowered name "météo": whether
        // reading the names analyses that manual's name depends on the question's other terms, so the index
        // leaves the term to that reading.
        let term = try #require(NamedDocuments.terms(ofNames: "Météo").first)
        #expect(term == "meteo")
        let index = DocumentNameIndex(documents: [(1, "Météo Station station.pdf"), (2, "Tern Owner's Manual tern.pdf"),
                                                  (3, "Kettle Guide kettle.pdf")])
        #expect(index.owners(of: [term]) == nil)
        #expect(index.owners(of: ["tern", "kettl", "zorvex"]) == ["tern": [2], "kettl": [3]])
        #expect(index.owners(of: ["station"]) == ["station": [1]])
        #expect(DocumentNameIndex(text: "{\"1\":\"x\"}") == nil)
    }

    @Test func aRestrictionToOneDocumentLeavesScoresAsTheyAre() throws {
        let answer = try Self.library.library.ask("kettle warranty", filter: SearchFilter(documentID: 1), record: false).answer
        #expect(answer.results.allSatisfy { $0.documentFactor == nil && $0.documentID == 1 })
    }
}

/// The manual a question names holds its name on every page: a terminal commands page that never writes
/// "avrdude" still answers "avrdude terminal: flush and abort", and "the difference between" asks to
/// compare, not for the word.
@Suite struct NamedManualEvidenceTests {
    static let sentences = [
        Sentence(text: "flush Synchronise all pending cached writes to the EEPROM and flash with the device.", page: 36),
        Sentence(text: "abort Reset the cache, discarding all previous writes to the flash and EEPROM cache.", page: 36),
    ]

    private func answer(_ question: String, named: [Int64: Set<String>]) -> Answer {
        let result = OnePassage.result(Self.sentences, path: ["3 Terminal Mode Operation", "Terminal Mode Commands"],
                                       title: "AVRDUDE", file: "avrdude-manual.pdf")
        return AnswerGenerator().answer(question: question, results: [result], libraryTopics: [],
                                        libraryIDF: ["avrdud": 2, "termin": 1, "flush": 3, "abort": 3],
                                        namedDocuments: named)
    }

    @Test func theNamedManualsPassagesHoldItsName() {
        let question = "avrdude terminal: flush and abort"
        let unnamed = answer(question, named: [:])
        let named = answer(question, named: [1: ["avrdud"]])
        #expect(named.confidence != .none && named.answer.hasPrefix("flush Synchronise"), "\(named.answer)")
        #expect(named.score > unnamed.score, "\(named.score) vs \(unnamed.score)")
    }

    @Test func aRowLabelledByTheNamedManualsNameAloneIsNotLabelledByTheQuestion() {
        let rows = [Sentence(text: "octave | start interactive Octave session", page: 1, kind: .tableRow),
                    Sentence(text: "fft (a) | Fast Fourier Transform using FFTW", page: 3, kind: .tableRow)]
        let result = OnePassage.result(rows, path: ["Octave Quick Reference"], title: "Octave Quick Reference", file: "octave-refcard.pdf")
        func answer(named: [Int64: Set<String>]) -> Answer {
            AnswerGenerator().answer(question: "Which library is Octave's fft based on?", results: [result], libraryTopics: [],
                                     libraryIDF: ["librari": 2, "octav": 1, "fft": 3, "base": 1], namedDocuments: named)
        }
        #expect(answer(named: [1: ["octav"]]).answer.hasPrefix("fft (a) | Fast Fourier Transform using FFTW"),
                "\(answer(named: [1: ["octav"]]).answer)")
        // Unnamed, "octave" is a question word like any other and its row is labelled by it.
        let weights = TermWeights(terms: ["librari", "octav", "fft", "base"], weights: ["librari": 2, "octav": 1, "fft": 3, "base": 1])
        #expect(SentenceScorer.isLabelled(rows[0], by: weights))
        #expect(!SentenceScorer.isLabelled(rows[0], by: weights, besides: ["octav"]))
        #expect(SentenceScorer.isLabelled(rows[1], by: weights, besides: ["octav"]))
    }

    @Test func theDifferenceBetweenTwoThingsAsksAboutThem() {
        #expect(QuestionTerms("What is the difference between flush and abort?").all == ["flush", "abort"])
        #expect(QuestionTerms("Differences between 7B and 8B mode").all == TextAnalyzer.terms("7B 8B mode"))
        // A difference that is a quantity stays.
        #expect(QuestionTerms("How do I measure the phase difference?").all.contains("differ"))
    }
}
