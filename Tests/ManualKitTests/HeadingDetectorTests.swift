import Testing
@testable import ManualKit
@testable import ManualIndex

/// A page laid out top to bottom: body type is 10 pt, 5 pt per character, gaps between blocks.
private struct HeadingPage {
    var number: Int
    var lines: [TextLine] = []
    var y = 60.0

    init(_ number: Int) { self.number = number }

    mutating func line(_ text: String, size: Double = 10, bold: Bool = false, left: Double = 50) {
        box(text, size: size, bold: bold, left: left)
        y += size + 3
    }

    /// A box of text at `left` on the current row, which stays the current row.
    mutating func box(_ text: String, size: Double = 10, bold: Bool = false, left: Double) {
        lines.append(TextLine(text: text, top: y, bottom: y + size, left: left,
                              right: min(550, left + 5 * Double(text.count)), fontSize: size, isBold: bold))
    }

    /// A heading in its own type with space around it.
    mutating func heading(_ text: String, size: Double = 14, bold: Bool = true) {
        y += 12
        line(text, size: size, bold: bold)
        y += 6
    }

    /// Prose wrapped at 90 characters, followed by a paragraph gap.
    mutating func paragraph(_ text: String) {
        var current = ""
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > 90 {
                line(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { line(current) }
        y += 8
    }

    var page: Page { Page(number: number, text: lines.map(\.text).joined(separator: "\n"), lines: lines) }
}

/// Small chunks, so that every section keeps its own chunk.
private let smallChunks = ChunkerSettings(targetCharacters: 200, minimumCharacters: 10, maximumCharacters: 600, overlapCharacters: 0)

private func run(_ pages: [Page], outline: [OutlineEntry] = []) -> TextPipelineResult {
    TextPipeline(settings: smallChunks).process(pages: pages, outline: outline)
}

/// The chunk holding `phrase`.
private func chunk(_ result: TextPipelineResult, containing phrase: String) -> Chunk? {
    result.chunks.first { $0.sentences.contains { $0.text.contains(phrase) && $0.kind != .heading } }
}

private let tirePressureText = "Check the tire pressures at least once a month when the tires are cold. The recommended pressure is 2.3 bar."

struct HeadingDetectorTests {
    // MARK: From the outline

    @Test func outlineTitlesAreFoundIgnoringCaseSpacingAndNumbers() {
        var first = HeadingPage(1), second = HeadingPage(2)
        first.heading("4  Wheels and Tires", size: 16)
        first.paragraph("Wheels and tires carry the whole weight of the vehicle and need regular care.")
        first.heading("4.1   Tire inspection")
        first.paragraph("Look for cuts, bulges and uneven wear on every tire before a long journey.")
        second.heading("TIRE PRESSURE")
        second.paragraph(tirePressureText)
        let outline = [OutlineEntry(title: "4 Wheels and Tires", page: 1, level: 1),
                       OutlineEntry(title: "4.1 Tire Inspection", page: 1, level: 2),
                       OutlineEntry(title: "4.2  Tire Pressure", page: 2, level: 2)]
        let result = run([first.page, second.page], outline: outline)

        #expect(result.headings.map(\.title) == ["4 Wheels and Tires", "4.1 Tire Inspection", "4.2 Tire Pressure"])
        #expect(result.headings.map(\.page) == [1, 1, 2])
        let tire = chunk(result, containing: "recommended pressure")
        #expect(tire?.headingPath == ["4 Wheels and Tires", "4.2 Tire Pressure"])
        #expect(tire?.sentences.first == Sentence(text: "TIRE PRESSURE", page: 2, kind: .heading))
        #expect(chunk(result, containing: "uneven wear")?.headingPath == ["4 Wheels and Tires", "4.1 Tire Inspection"])
        // Heading lines are not repeated as prose.
        #expect(!result.chunks.flatMap(\.sentences).contains { $0.kind == .body && $0.text.contains("Tire inspection") })
    }

    /// A pump manual: an introduction on page 1, and on `dataPage` technical data without a printed heading.
    private func pumpPages(dataPage: Int) -> (introduction: Page, data: Page) {
        var first = HeadingPage(1), data = HeadingPage(dataPage)
        first.heading("Introduction")
        first.paragraph("This manual explains how to operate the pump safely and how to maintain it.")
        data.paragraph("The pump delivers 40 litres per minute at a head of 12 metres.")
        return (first.page, data.page)
    }

    @Test func anOutlineTitleMissingFromItsPageStillOpensItsSection() {
        let pump = pumpPages(dataPage: 2)
        let outline = [OutlineEntry(title: "Introduction", page: 1, level: 1),
                       OutlineEntry(title: "Technical Data", page: 2, level: 1)]
        let result = run([pump.introduction, pump.data], outline: outline)
        let data = chunk(result, containing: "40 litres")
        #expect(data?.headingPath == ["Technical Data"])
        #expect(data?.sentences.first == Sentence(text: "Technical Data", page: 2, kind: .heading))
    }

    @Test func bookmarksOfPagesWithoutTextStayInPageOrderWhateverTheOutlineOrder() {
        let pump = pumpPages(dataPage: 4)
        // Pages 2 and 3 are full-page drawings; the outline lists page 3 before page 2.
        let outline = [OutlineEntry(title: "Introduction", page: 1, level: 1),
                       OutlineEntry(title: "Exploded View", page: 3, level: 1),
                       OutlineEntry(title: "Wiring Diagram", page: 2, level: 1)]
        let result = run([pump.introduction, Page(number: 2, text: ""), Page(number: 3, text: ""), pump.data], outline: outline)
        let sentences = result.chunks.flatMap(\.sentences)
        #expect(sentences.map(\.page) == sentences.map(\.page).sorted(), "\(sentences.map { "\($0.page) \($0.text)" })")
        #expect(sentences.filter { $0.kind == .heading }.map(\.text) == ["Introduction", "Wiring Diagram", "Exploded View"])
    }

    @Test func aChapterOpenerBelongsToItsHeading() {
        var first = HeadingPage(1), opener = HeadingPage(2)
        first.heading("HACKRF ONE", size: 14)
        first.paragraph("HackRF One is the current hardware platform for the HackRF project.")
        opener.line("CHAPTER", bold: true)
        opener.line("FOUR", size: 14, bold: true)
        opener.heading("FAQ", size: 14)
        opener.paragraph("This chapter answers the questions users ask most often about the receiver.")
        let result = run([first.page, opener.page], outline: [OutlineEntry(title: "HackRF One", page: 1, level: 1),
                                                              OutlineEntry(title: "FAQ", page: 2, level: 1)])
        let faq = chunk(result, containing: "questions users ask")
        #expect(faq?.headingPath == ["FAQ"])
        #expect(faq?.sentences.first == Sentence(text: "CHAPTER FOUR FAQ", page: 2, kind: .heading))
        #expect(chunk(result, containing: "current hardware")?.headingPath == ["HackRF One"])
    }

    @Test func aRunInTitleKeepsTheTextAfterIt() {
        var page = HeadingPage(1)
        page.paragraph("Square wave SQ1: The output can be set from 1 Hz to 5 kHz in software.")
        page.paragraph("Analog inputs A1 and A2: They measure voltages between minus 16 and plus 16 volts.")
        let result = run([page.page], outline: [OutlineEntry(title: "Square wave SQ1:", page: 1, level: 1),
                                                OutlineEntry(title: "Analog inputs A1 and A2:", page: 1, level: 1)])
        let output = chunk(result, containing: "5 kHz")
        #expect(output?.headingPath == ["Square wave SQ1:"])
        #expect(output?.sentences.map(\.text) == ["Square wave SQ1", "The output can be set from 1 Hz to 5 kHz in software."])
        #expect(chunk(result, containing: "16 volts")?.headingPath == ["Analog inputs A1 and A2:"])
    }

    // MARK: From layout

    @Test func largerAndBoldTypeMakesHeadingsWithLevelsBySize() {
        var page = HeadingPage(1), next = HeadingPage(2)
        page.heading("Maintenance", size: 18)
        page.paragraph("Regular maintenance keeps the machine safe and reliable for many years of use.")
        page.heading("Checking the Oil", size: 13)
        page.paragraph("Check the oil level every week with the machine standing on level ground.")
        page.heading("Oil grades", size: 10, bold: true)
        page.paragraph("Use only oil of grade 10W-40 or better; other grades void the warranty.")
        next.heading("Troubleshooting", size: 18)
        next.paragraph("If the machine does not start, first check that the fuel tap is open.")
        let result = run([page.page, next.page])
        #expect(result.headings.map(\.title) == ["Maintenance", "Checking the Oil", "Oil grades", "Troubleshooting"])
        #expect(result.headings.map(\.level) == [1, 2, 3, 1])
        #expect(chunk(result, containing: "10W-40")?.headingPath == ["Maintenance", "Checking the Oil", "Oil grades"])
        #expect(chunk(result, containing: "fuel tap")?.headingPath == ["Troubleshooting"])
    }

    @Test func boldWordsInsideAParagraphAreNoHeading() {
        var page = HeadingPage(1)
        page.line("Before you start the engine, make sure that the parking brake is set and that")
        page.line("Neutral Is Selected", bold: true)
        page.line("on the gear lever; otherwise the starter will not turn the engine over.")
        #expect(run([page.page]).headings.isEmpty)
    }

    // MARK: From wording

    @Test func textRulesFindNumberedCapitalisedAndKeywordHeadings() {
        let text = """
        CHAPTER 3

        4 Wheels and Tires

        Wheels and tires carry the weight of the vehicle.

        4.2 Tire Pressure

        Check the pressure every month.

        SPECIFICATIONS

        The engine delivers 85 kW at 6000 rpm.

        Maintenance

        Change the oil every year.
        """
        let result = run([Page(number: 1, text: text)])
        #expect(result.headings.map(\.title) == ["CHAPTER 3", "4 Wheels and Tires", "4.2 Tire Pressure", "SPECIFICATIONS", "Maintenance"])
        #expect(result.headings.map(\.level) == [1, 1, 2, 1, 1])
        #expect(chunk(result, containing: "every month")?.headingPath == ["4 Wheels and Tires", "4.2 Tire Pressure"])
        #expect(chunk(result, containing: "85 kW")?.headingPath == ["SPECIFICATIONS"])
    }

    @Test func textRulesLeaveContentsEntriesValuesListsAndProseAlone() {
        let text = """
        Contents overview follows below.

        4.2 Tire Pressure . . . . . . . . 17

        2.5 bar is the highest pressure allowed for the spare wheel

        1. Remove the cap

        The pump must be primed before use

        NOTE
        Keep the cap closed.
        """
        let result = run([Page(number: 1, text: text)])
        #expect(result.headings.isEmpty)
    }

    @Test func aSectionNumberAboveItsTitleJoinsIt() {
        let text = """
        The analysis is done in the frequency domain.

        1.2.2

        AC Small-Signal Analysis

        AC analysis is limited to analog nodes.
        """
        let result = run([Page(number: 1, text: text)])
        #expect(result.headings == [OutlineEntry(title: "1.2.2 AC Small-Signal Analysis", page: 1, level: 3)])
        #expect(chunk(result, containing: "analog nodes")?.headingPath == ["1.2.2 AC Small-Signal Analysis"])
    }

    /// simh's manual sets "2.10.2" and its title in two boxes right under a two-column error table; the row
    /// assembler reads them as one more row, and the section was lost into the one before it.
    @Test func aNumberedHeadingUnderATwoColumnTableIsStillAHeading() {
        var page = HeadingPage(1)
        page.line("The tape controller reports errors to the simulator in the ways the table below shows.")
        page.line("Error handling is as follows:")
        for (error, handling) in [("error", "processed as"), ("not attached", "tape not ready"),
                                  ("end of file", "bad tape"), ("OS I/O error", "parity error")] {
            page.y += 7
            page.box(error, left: 90)
            page.line(handling, left: 250)
        }
        page.y += 17
        page.box("2.10.2", size: 13, bold: true, left: 66)
        page.line("TS11/TSV05 Magnetic Tape (TS)", size: 13, bold: true, left: 138)
        page.y += 9
        page.line("TS options include the ability to make the unit write enabled or write locked.")
        let result = run([page.page])
        #expect(result.headings.map(\.title) == ["2.10.2 TS11/TSV05 Magnetic Tape (TS)"])
        #expect(chunk(result, containing: "write locked")?.headingPath == ["2.10.2 TS11/TSV05 Magnetic Tape (TS)"])
        #expect(chunk(result, containing: "bad tape")?.headingPath == [])
    }

    /// simh's manual indents its commands under the prose that explains them; "SHOW XQ STATS" in capitals,
    /// standing apart, cut the Ethernet section in two. A line in capitals at the margin is still a heading.
    @Test func anIndentedCommandInCapitalsIsNoHeading() {
        var page = HeadingPage(1)
        page.heading("2.12 Ethernet Controllers")
        page.paragraph("The simulator implements two Ethernet controllers. Options allow control of the MAC address and the polling timer.")
        page.line("SET XQ POLL={DEFAULT|4..2500}", left: 90)
        page.line("SHOW XQ POLL", left: 90)
        page.y += 8
        page.paragraph("These commands change or display the service polling timer, which runs the service thread 200 times per second.")
        page.line("SHOW XQ STATS", left: 90)
        page.y += 8
        page.paragraph("This command shows the reception and transmission statistics of the controller.")
        page.line("SAFETY NOTES")
        page.y += 8
        page.paragraph("Never connect two controllers with the same MAC address to one network.")
        let result = run([page.page])
        #expect(result.headings.map(\.title) == ["2.12 Ethernet Controllers", "SAFETY NOTES"])
        #expect(chunk(result, containing: "reception and transmission")?.headingPath == ["2.12 Ethernet Controllers"])
    }

    @Test func headingPathsFollowTheLevels() {
        let text = """
        4 Wheels and Tires

        Wheels carry the car.

        4.1 Tire Inspection

        Look at the tires.

        4.2 Tire Pressure

        Check the pressure.

        5 Maintenance

        Service the car yearly.
        """
        let result = run([Page(number: 1, text: text)])
        #expect(chunk(result, containing: "Look at")?.headingPath == ["4 Wheels and Tires", "4.1 Tire Inspection"])
        #expect(chunk(result, containing: "Check the pressure")?.headingPath == ["4 Wheels and Tires", "4.2 Tire Pressure"])
        #expect(chunk(result, containing: "yearly")?.headingPath == ["5 Maintenance"])
    }

    @Test func sectionNumbersAreParsedStrictly() {
        #expect(SectionNumber.parse("4.2 Tire Pressure") == SectionNumber(components: ["4", "2"], closer: nil, title: "Tire Pressure"))
        #expect(SectionNumber.parse("4.1) Printer Installation")?.closer == ")")
        #expect(SectionNumber.parse("A.3 Fuses")?.components == ["A", "3"])
        #expect(SectionNumber.parse("2024 was a good year") == nil)
        #expect(SectionNumber.parse("4.2") == nil)
        #expect(SectionNumber.parse("v1.2 notes") == nil)
    }
}
