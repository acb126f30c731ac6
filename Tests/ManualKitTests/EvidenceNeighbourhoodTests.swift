import Testing
@testable import ManualAnswer

/// The answer features that say where a question's rarest words and named manuals stand beside the evidence
/// (`EvidenceNeighbourhood`), on made-up terms.
@Suite struct EvidenceNeighbourhoodTests {
    // Rarest first: zorbel, quint, flange, lever ("gadget" no chunk holds, so it counts for nothing).
    private let rarity = ["zorbel": 6.0, "quint": 4.0, "flange": 2.0, "lever": 1.0, "gadget": 9.0]
    private let terms = ["lever", "quint", "gadget", "flange", "zorbel"]

    private func measure(cited: [Set<String>], leading: Set<String> = [], elsewhere: Set<String> = []) -> EvidenceNeighbourhood {
        EvidenceNeighbourhood(terms: terms, unknown: ["gadget"], rarity: rarity, cited: cited, leading: leading, elsewhere: elsewhere)
    }

    @Test func theRarestTermMissingFromTheCitedPassagesWeighsByItsRarity() {
        #expect(measure(cited: [["lever", "quint", "flange"]]).rareMissing == 1)
        // zorbel held by one cited passage, quint by none: 4 / 6.
        let partly = measure(cited: [["zorbel"], ["lever", "flange"]]).rareMissing
        #expect(abs(partly - 4.0 / 6.0) < 1e-9)
        #expect(measure(cited: [["zorbel", "quint", "flange", "lever"]]).rareMissing == 0)
    }

    @Test func wordsOnlyAnotherManualHoldsWeighByTheirRarity() {
        // quint only elsewhere: 4 of the 4 + 2 + 1 found.
        let apart = measure(cited: [], leading: ["flange", "lever"], elsewhere: ["quint", "lever"]).elsewhereOnly
        #expect(abs(apart - 4.0 / 7.0) < 1e-9)
        #expect(measure(cited: [], leading: ["quint", "lever"], elsewhere: ["quint"]).elsewhereOnly == 0)
        // The unknown term never counts, wherever it is said to be.
        #expect(measure(cited: [], leading: ["lever"], elsewhere: ["gadget"]).elsewhereOnly == 0)
    }
}
