import Testing
@testable import ManualKit
@testable import ManualAnswer

/// Two copies of one manual in a library (an edition and its reprint, a file saved twice) have the same
/// title: listed by title alone, "Also in" would name the manual the answer already quotes.
@Suite struct SourceNameTests {
    private func citation(_ document: Int64, title: String, file: String) -> Citation {
        Citation(documentID: document, title: title, file: file, page: 5, label: nil, heading: "", quote: "Over 1500 printers.")
    }

    @Test func aTitleSharedWithAnotherListedManualNamesItsFile() {
        let quoted = citation(1, title: "Gutenprint 5.0", file: "gutenprint.pdf")
        let copy = citation(2, title: "Gutenprint 5.0", file: "gutenprint-reprint.pdf")
        let other = citation(3, title: "Kettle K2", file: "kettle.pdf")
        let answer = Answer(question: "q", answer: "a", citations: [quoted], sourcePages: [], confidence: .high, score: 0.7,
                            results: [], suggestedFollowUps: [], alsoIn: [copy, other])
        #expect(answer.sourceName(of: quoted) == "Gutenprint 5.0 (gutenprint.pdf)")
        #expect(answer.sourceName(of: copy) == "Gutenprint 5.0 (gutenprint-reprint.pdf)")
        #expect(answer.sourceName(of: other) == "Kettle K2")
    }

    @Test func aManualCitedOnSeveralPagesIsNamedByTitleAlone() {
        let first = citation(1, title: "Kettle K2", file: "kettle.pdf")
        var second = first
        second.page = 6
        let answer = Answer(question: "q", answer: "a", citations: [first, second], sourcePages: [], confidence: .high,
                            score: 0.7, results: [], suggestedFollowUps: [])
        #expect(answer.sourceName(of: second) == "Kettle K2")
    }
}
