import Testing
@testable import manual

/// Terminal output counts columns, not characters: CJK characters and emoji take two.
@Suite struct TerminalLayoutTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(DisplayWidth.of("tire") == 4)
        #expect(DisplayWidth.of("空気圧") == 6)
        #expect(DisplayWidth.of("타이어") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🔧") == 2)
        #expect(DisplayWidth.prefix("空気圧の点検", columns: 5) == "空気")
    }

    @Test func tablesPadCJKCellsToTheSameColumns() {
        let table = TextTable.render(header: ["ID", "QUESTION", "CONFIDENCE"],
                                     rows: [["1", "タイヤの空気圧", "none"], ["2", "tire pressure", "high"]], flexibleColumn: 1)
        // The last column starts at the same terminal column on every line.
        let lastColumnStarts = table.split(separator: "\n").map { line in
            DisplayWidth.of(line.dropLast(line.split(separator: " ").last?.count ?? 0))
        }
        #expect(Set(lastColumnStarts).count == 1, "\(table)")
    }

    @Test func cjkTextWrapsBetweenCharactersWithinTheWidth() {
        let text = "タイヤの空気圧は月に一度、タイヤが冷えているときに点検してください。指定空気圧は運転席側のドア開口部のラベルに記載されています。"
        let lines = AnswerPrinter(width: 40).wrap(text, indent: "")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == text)
    }

    @Test func latinWrappingIsUnchanged() {
        let lines = AnswerPrinter(width: 30).wrap("Check the tire pressure at least once a month when the tires are cold.", indent: "")
        #expect(lines == ["Check the tire pressure at", "  least once a month when the", "  tires are cold."])
    }
}
