import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// A procedure is quoted from its first step, in order, whichever of its steps matched the question best.
@Suite(.serialized) struct ProcedureOrderTests {
    static let library = FixtureLibrary()

    @Test func aProcedureWhoseLastStepMatchedIsQuotedInOrder() throws {
        // Step 8 ("… to confirm that the wrench symbol no longer appears") is the best sentence; the answer
        // used to read steps 3 to 8 and then 1 and 2.
        let answer = try Self.library.answer("How do I make the spanner symbol go away after a service?")
        let steps = answer.answer.split(separator: "\n").compactMap { line -> Int? in
            guard let marker = ListMarker.enumerationLength(String(line)) else { return nil }
            return Int(line.prefix(marker).filter(\.isNumber))
        }
        #expect(steps == Array(1...8), "\(answer.answer)")
        // The whole procedure comes under the sentence that says what it does.
        #expect(answer.answer.contains("To reset the light yourself, proceed as follows: [Northwind Tern 2024 p. 29]\n1. Sit"),
                "\(answer.answer)")
        #expect(answer.citations.allSatisfy { $0.page == 29 })
    }
}
