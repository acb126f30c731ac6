import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualIngest

/// A reference card set in columns, each of short tables of keys and what they do: a row never takes cells
/// from the next column, however level the two columns' rows stand, and a single wide table is still read
/// as one table.
@Suite struct ReferenceCardTests {
    private func tableRows(_ page: Page) -> [String] {
        TextPipeline().process(pages: [page], outline: []).chunks.flatMap(\.sentences)
            .filter { $0.kind == .tableRow }.map(\.text)
    }

    /// A table's cells, read column by column: each column's left edge and its cells from the top, 12 points apart.
    private func cells(_ columns: [(left: Double, cells: [String])]) -> [TextLine] {
        columns.flatMap { column in
            column.cells.enumerated().map { index, cell in
                let top = 100 + Double(index) * 12
                return TextLine(text: cell, top: top, bottom: top + 9, left: column.left,
                                right: column.left + 5 * Double(cell.count), fontSize: 9)
            }
        }
    }

    @Test func eachColumnsRowsStayInTheirColumn() throws {
        let source = try SourceFile.read(Fixtures.quickCard)
        let page = try PDFDocument(source: source, path: Fixtures.quickCard).page(1)
        let rows = tableRows(page)
        #expect(rows.contains("PWR | turn the radio on or off"), "\(rows)")
        #expect(rows.contains("MEM | store the station in a free preset"), "\(rows)")
        #expect(rows.contains("SNZ | snooze the alarm for nine minutes"), "\(rows)")
        #expect(rows.contains("CLOCK | show the time while the radio plays"), "\(rows)")
        // No row holds two keys' descriptions: before, "PWR | turn the radio on or off | MEM | store … | WX | …".
        for row in rows { #expect(row.components(separatedBy: " | ").count <= 2, "\(row)") }
    }

    @Test func theCardIsReadColumnByColumn() throws {
        let source = try SourceFile.read(Fixtures.quickCard)
        let text = TextPipeline().process(pages: [try PDFDocument(source: source, path: Fixtures.quickCard).page(1)],
                                          outline: []).chunks.flatMap(\.sentences).map(\.text).joined(separator: "\n")
        // The first column's last key comes before the second column's first heading.
        let seek = try #require(text.range(of: "SEEK"))
        let presets = try #require(text.range(of: "Preset Keys"))
        #expect(seek.lowerBound < presets.lowerBound, "\(text)")
    }

    @Test func aQuestionAboutOneKeyIsAnsweredWithItsRowAlone() throws {
        let fixture = FixtureLibrary([Fixtures.quickCard])
        let answer = try fixture.library.ask("What does the CLR key do?", record: false).answer
        #expect(answer.answer.hasPrefix("CLR | erase the preset that is playing"), "\(answer.answer)")
        #expect(!answer.answer.contains("TEST"), "\(answer.answer)")
    }

    @Test func aWideTableWhoseColumnsStandApartIsStillOneTable() {
        // A parameter table like ngspice's, read column by column, with gaps between its columns as wide as a
        // reference card's gutters: its columns are not page columns (they hold no rows of their own).
        // Nothing reaches across its gaps: a page of the table alone, as it runs on from the page before.
        var page = LaidOutPage(3)
        // Evenly spaced, and its first two and last two columns as wide together as a card's columns.
        let columns: [(left: Double, cells: [String])] = [
            (60, ["Name", "is", "rs", "n", "tt", "cjo"]),
            (140, ["Direction", "InOut", "InOut", "InOut", "InOut", "InOut"]),
            (220, ["Type", "real", "real", "real", "real", "real"]),
            (300, ["Description", "Saturation", "Resistance", "Emission", "Transit time", "Capacitance"]),
        ]
        page.lines += cells(columns)
        #expect(tableRows(page.page) == [
            "Name | Direction | Type | Description", "is | InOut | real | Saturation", "rs | InOut | real | Resistance",
            "n | InOut | real | Emission", "tt | InOut | real | Transit time", "cjo | InOut | real | Capacitance",
        ])
    }

    @Test func aTableWhoseTitleReachesOverItsFirstColumnsIsStillOneTable() {
        // ngspice's MOSFET table (p. 665): the section title reaches over "# | Name | Direction" and leaves a
        // gutter before "Type | Description". Both halves hold rows, but not at one distance from their left.
        var page = LaidOutPage(665)
        for (top, title) in [(56.0, "31.6.1 MOS1 - Level 1 MOSFET model"), (68, "with Meyer capacitance model"),
                             (80, "31.6.1.1 MOS1 instance parameters")] {
            page.lines.append(TextLine(text: title, top: top, bottom: top + 9, left: 60, right: 250, fontSize: 9))
        }
        let columns: [(left: Double, cells: [String])] = [
            (60, ["#", "21", "2", "1", "4", "3"]),
            (100, ["Name", "m", "l", "w", "ad", "as"]),
            (180, ["Direction", "InOut", "InOut", "InOut", "InOut", "InOut"]),
            (270, ["Type", "real", "real", "real", "real", "real"]),
            (350, ["Description", "Multiplier factor", "Channel length", "Channel width", "Drain diffusion area",
                   "Source diffusion area"]),
        ]
        page.lines += cells(columns)
        let rows = tableRows(page.page)
        #expect(rows.contains("# | Name | Direction | Type | Description"), "\(rows)")
        #expect(rows.contains("4 | ad | InOut | real | Drain diffusion area"), "\(rows)")
    }
}
