import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

/// Tables whose cells wrap onto several lines, as owner's manuals set their warning-light and fuse
/// tables: each row comes back as one row with its cells apart, whatever poppler's reading order.
@Suite struct WrappedTableCellTests {
    /// One cell at (`column`, `line`) of a table whose lines are 12 points apart, 9 high.
    private func cell(_ text: String, line: Int, left: Double, top: Double = 200) -> TextLine {
        let y = top + Double(line) * 12
        return TextLine(text: text, top: y, bottom: y + 9, left: left, right: left + 5 * Double(text.count), fontSize: 9)
    }

    private func rows(_ lines: [TextLine], before: [String] = []) -> [String] {
        var page = LaidOutPage(5)
        for text in before { page.line(text) }
        page.lines += lines
        page.y = 400
        page.line("The table ends here and the text goes on with a sentence that is long enough to be prose.")
        let chunks = TextPipeline().process(pages: [page.page], outline: []).chunks
        return chunks.flatMap(\.sentences).filter { $0.kind == .tableRow }.map(\.text)
    }

    @Test func aCellThatWrapsStaysInItsRow() {
        // Read column by column, as poppler reads the fixture's warning-light table (p. 13): the third
        // column wraps over two or three lines, the first breaks a word.
        let lines = [
            cell("Light", line: 0, left: 50), cell("Brake system", line: 1, left: 50),
            cell("Charging system", line: 4, left: 50), cell("High coolant tempera-", line: 6, left: 50),
            cell("ture", line: 7, left: 50),
            cell("Colour", line: 0, left: 170), cell("Red", line: 1, left: 170), cell("Red", line: 4, left: 170),
            cell("Red", line: 6, left: 170),
            cell("What to do", line: 0, left: 225), cell("Check that the parking brake is", line: 1, left: 225),
            // A justified line split at a wide word gap.
            cell("released.", line: 2, left: 225), cell("If the light stays on,", line: 2, left: 273),
            cell("stop and check the fluid level.", line: 3, left: 225),
            cell("The battery is not being charged.", line: 4, left: 225),
            cell("Drive to a dealer.", line: 5, left: 225),
            cell("Stop safely and let the engine cool", line: 6, left: 225), cell("down.", line: 7, left: 225),
            // The last row's last line, alone and ending in a full stop, is the cell's end, not a closing remark.
            cell("Headlight high beam", line: 8, left: 50), cell("Blue", line: 8, left: 170),
            cell("High beams are on. Dip them for", line: 8, left: 225), cell("oncoming traffic.", line: 9, left: 225),
        ]
        #expect(rows(lines) == [
            "Light | Colour | What to do",
            "Brake system | Red | Check that the parking brake is released. If the light stays on, stop and check the fluid level.",
            "Charging system | Red | The battery is not being charged. Drive to a dealer.",
            "High coolant temperature | Red | Stop safely and let the engine cool down.",
            "Headlight high beam | Blue | High beams are on. Dip them for oncoming traffic.",
        ])
    }

    @Test func aValueBelowAValueIsARowOfItsOwn() {
        // A model's second voltage under its first: the first column is empty, the cells are values, not
        // prose that wraps.
        let lines = [
            cell("Model", line: 0, left: 50), cell("A-100", line: 1, left: 50), cell("B-200", line: 3, left: 50),
            cell("Input", line: 0, left: 150), cell("5 V", line: 1, left: 150), cell("12 V", line: 2, left: 150),
            cell("9 V", line: 3, left: 150),
            cell("Current", line: 0, left: 250), cell("1 A", line: 1, left: 250), cell("2 A", line: 2, left: 250),
            cell("1.5 A", line: 3, left: 250),
        ]
        #expect(rows(lines) == ["Model | Input | Current", "A-100 | 5 V | 1 A", "12 V | 2 A", "B-200 | 9 V | 1.5 A"])
    }

    @Test func aGroupLabelBetweenRowsIsARowNotTheEndOfTheRowAbove() {
        // The fixture's fuse table (p. 42): "Interior fuse box" titles the rows below it; it is not the
        // horn's circuit running on.
        var page = LaidOutPage(42)
        for (index, text) in ["No.  Rating  Circuit", "Engine compartment fuse box", "1  100 A  Main fuse",
                              "7  10 A  Horn", "Interior fuse box", "21  20 A  Power windows",
                              "22  15 A  Power outlet"].enumerated() {
            let y = 100 + Double(index) * 12 + (index == 1 ? 6 : 0)
            page.lines.append(TextLine(text: text, top: y, bottom: y + 9, left: 50, right: 50 + 5 * Double(text.count), fontSize: 9))
        }
        let chunks = TextPipeline().process(pages: [page.page], outline: []).chunks
        let table = chunks.flatMap(\.sentences).filter { $0.kind == .tableRow }.map(\.text)
        #expect(table == ["No. | Rating | Circuit", "Engine compartment fuse box", "1 | 100 A | Main fuse", "7 | 10 A | Horn",
                          "Interior fuse box", "21 | 20 A | Power windows", "22 | 15 A | Power outlet"])
    }

    @Test func aTroubleshootingTableOfProseCellsKeepsEachProblemInOneRow() {
        // The dishwasher guide's table (p. 13): three columns of prose, read column by column, every cell
        // wrapping; the first column goes on in lower case ("The dishwasher does not" / "start.").
        let lines = [
            cell("Problem", line: 0, left: 50), cell("The dishwasher does not", line: 1, left: 50), cell("start.", line: 2, left: 50),
            cell("Streaks or a sticky film on", line: 4, left: 50), cell("glasses.", line: 5, left: 50),
            cell("Possible cause", line: 0, left: 200), cell("The door is not closed properly,", line: 1, left: 200),
            cell("the plug is not in, the fuse has", line: 2, left: 200), cell("tripped or the child lock is on.", line: 3, left: 200),
            cell("Too much rinse aid.", line: 4, left: 200),
            cell("What to do", line: 0, left: 370), cell("Close the door until it clicks.", line: 1, left: 370),
            cell("Check the plug and the fuse.", line: 2, left: 370),
            cell("Turn the rinse aid dial down by one", line: 4, left: 370), cell("or two steps.", line: 5, left: 370),
        ]
        #expect(rows(lines) == [
            "Problem | Possible cause | What to do",
            "The dishwasher does not start. | The door is not closed properly, the plug is not in, the fuse has tripped or the child lock is on. | Close the door until it clicks. Check the plug and the fuse.",
            "Streaks or a sticky film on glasses. | Too much rinse aid. | Turn the rinse aid dial down by one or two steps.",
        ])
    }

    @Test func aLabelOrCommandAboveALowerCaseRowIsNotCutShortProse() {
        // "serial program mode" is a label, "SET CPU 11/84" a command: the lower-case row below is a row of its own.
        #expect(WrappedCellFolder.isUnfinishedProse("The dishwasher does not"))
        #expect(WrappedCellFolder.isUnfinishedProse("Coefficient for forward-bias depletion"))
        #expect(!WrappedCellFolder.isUnfinishedProse("serial program mode"))
        #expect(!WrappedCellFolder.isUnfinishedProse("SET CPU 11/84"))
        #expect(!WrappedCellFolder.isUnfinishedProse("Cells and Structures"), "a title")
        #expect(!WrappedCellFolder.isUnfinishedProse("The dishes are not clean."), "finished")
        let lines = [
            cell("Mode", line: 0, left: 50), cell("serial program mode", line: 1, left: 50), cell("parallel program mode", line: 2, left: 50),
            cell("Setting", line: 0, left: 200), cell("yes", line: 1, left: 200), cell("no", line: 2, left: 200),
            cell("Note", line: 0, left: 300), cell("fast", line: 1, left: 300), cell("slow", line: 2, left: 300),
        ]
        #expect(rows(lines) == ["Mode | Setting | Note", "serial program mode | yes | fast", "parallel program mode | no | slow"])
    }

    @Test func aStepThatWrapsOntoALetterAndAFullStopIsOneStep() {
        // "… move the shift lever to" / "P. Switch off …": the hanging line is the step's text, not item "P."
        var page = LaidOutPage(37)
        page.line("1. Stop the vehicle as soon as it is safe and move the shift lever to")
        page.line("P. Switch off the air conditioning, but leave the engine idling.", left: 62)
        page.line("2. If steam is escaping, switch off the engine immediately.")
        let chunks = TextPipeline().process(pages: [page.page], outline: []).chunks
        let items = chunks.flatMap(\.sentences).filter { $0.kind == .listItem }.map(\.text)
        #expect(items == ["1. Stop the vehicle as soon as it is safe and move the shift lever to P.",
                          "2. If steam is escaping, switch off the engine immediately."])
        let step = chunks.flatMap(\.sentences).map(\.text)
        #expect(step.contains("Switch off the air conditioning, but leave the engine idling."), "\(step)")
    }

    @Test func theFixturesWarningLightsAndFusesAreAskedRowByRow() throws {
        let library = FixtureLibrary()
        let charging = try library.answer("What should I do when the charging system light comes on?")
        // The row under its header, its last cell whole: it used to run into the row above it.
        let lines = charging.answer.split(separator: "\n")
        #expect(lines.first == "Light | Colour | What to do [Northwind Tern 2024 p. 13]", "\(charging.answer)")
        #expect(lines.dropFirst().first == "Charging system | Red | The battery is not being charged. Switch off unneeded electrical loads and drive to a dealer. [Northwind Tern 2024 p. 13]",
                "\(charging.answer)")
        let horn = try library.answer("How many amps is the fuse for the horn?")
        #expect(horn.answer == "7 | 10 A | Horn [Northwind Tern 2024 p. 42]", "\(horn.answer)")
    }
}
