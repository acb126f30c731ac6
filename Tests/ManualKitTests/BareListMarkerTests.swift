import Testing
@testable import ManualKit
@testable import ManualIndex

/// A list whose markers a PDF draws apart from the items: poppler reads the markers first, then the items.
@Suite struct BareListMarkerTests {
    @Test func aBareMarkerIsABulletADashOrAStepNumber() {
        for marker in ["•", "–", "-", "3.", "12)", "b)", "(viii)"] { #expect(ListMarker.isBare(marker), "\(marker)") }
        for text in ["*", "1", "1.5", "• item", "3. Press Power.", "Note:", "(see 4.2)"] { #expect(!ListMarker.isBare(text), "\(text)") }
    }

    @Test func eachMarkerJoinsTheItemOnItsRowAndWrappedLinesFollowTheirItem() {
        func line(_ text: String, top: Double, left: Double, right: Double) -> LayoutLine {
            LayoutLine(text: text, page: 1, top: top, bottom: top + 9, left: left, right: right, fontSize: 10)
        }
        // As poppler reads it: the lead-in, both markers, then the items; the first item wraps onto a second line.
        let read = [
            line("The warranty does not cover:", top: 10, left: 74, right: 250),
            line("•", top: 23, left: 74, right: 77.5),
            line("•", top: 49, left: 74, right: 77.5),
            line("frost damage, transport damage and cosmetic scratches or dents that were not reported", top: 23, left: 86, right: 475),
            line("within 7 days of delivery;", top: 36, left: 86, right: 195),
            line("consumables such as salt, detergent and rinse aid.", top: 49, left: 86, right: 311),
        ]
        #expect(TableRowAssembler().assemble(read).map(\.text) == [
            "The warranty does not cover:",
            "• frost damage, transport damage and cosmetic scratches or dents that were not reported",
            "within 7 days of delivery;",
            "• consumables such as salt, detergent and rinse aid.",
        ])
    }
}
