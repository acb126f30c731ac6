import Foundation
import Testing
import TestSupport
@testable import ManualKit

/// A question that names one of several manuals is answered from that manual.
@Suite(.serialized) struct NamedDocumentsTests {
    /// The car manual (#1, "Northwind Tern 2024 Owner's Manual") and the kettle guide (#2,
    /// "Northwind Kettle K2 Quick Guide"), each with its own warranty and service text.
    static let library = FixtureLibrary()

    private func named(_ question: String) throws -> Set<Int64> {
        try NamedDocuments(terms: TextAnalyzer.terms(question), store: Self.library.library.store).ids
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

    @Test func aRestrictionToOneDocumentLeavesScoresAsTheyAre() throws {
        let answer = try Self.library.library.ask("kettle warranty", filter: SearchFilter(documentID: 1), record: false).answer
        #expect(answer.results.allSatisfy { $0.documentFactor == nil && $0.documentID == 1 })
    }
}
