import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex

private typealias CleanupPage = LaidOutPage

/// Running heads and footers in the page bands, and pages without layout.
private extension LaidOutPage {
    /// A page whose first line sits 70 pt from the top.
    static func starting(_ number: Int, label: String? = nil) -> LaidOutPage {
        LaidOutPage(number, label: label, top: 70)
    }

    mutating func header(_ text: String) {
        lines.insert(TextLine(text: text, top: 20, bottom: 29, left: 50, right: 50 + 5 * Double(text.count), fontSize: 9), at: 0)
    }

    mutating func footer(_ text: String) {
        lines.append(TextLine(text: text, top: 760, bottom: 769, left: 280, right: 280 + 5 * Double(text.count), fontSize: 9))
    }

    /// The same page without layout, as a PDF stage that could only get text would give it.
    var textOnly: Page { Page(number: number, label: label, text: page.text) }
}

private func clean(_ pages: [Page], outline: [OutlineEntry] = []) -> TextPipelineResult {
    TextPipeline().process(pages: pages, outline: outline)
}

private let parts = ["pump", "filter", "belt", "valve", "hose", "fan", "seal", "gauge", "clamp", "spring",
                     "lever", "brake", "wheel", "lamp", "fuse", "relay", "switch", "cable", "socket", "jack"]

/// Body text for page `n` that differs in its words, not only its numbers, from every other page.
private func bodyLines(_ n: Int) -> [String] {
    let part = parts[n % parts.count], other = parts[(n * 7 + 3) % parts.count]
    return [
        "Page \(n) body: the \(part) keeps the pressure steady while the engine runs.",
        "Check the \(other) before every trip and replace the \(part) when it shows wear.",
        "A worn \(part) next to the \(other) makes noise that you should not ignore.",
    ]
}

struct TextCleanupTests {
    // MARK: Running headers and footers

    @Test func removesRunningHeaderAndPageFootersAcrossTenPages() {
        let pages = (1...10).map { n -> Page in
            var page = CleanupPage.starting(n)
            for text in bodyLines(n) { page.line(text) }
            page.header("Northwind Tern Owner’s Manual")
            page.footer("Page \(n) of 10")
            return page.page
        }
        let result = clean(pages)
        #expect(result.removedLines == 20)
        #expect(result.cleanedPages.count == 10)
        for (index, text) in result.cleanedPages.enumerated() {
            #expect(!text.contains("Owner’s Manual"))
            #expect(!text.contains("of 10"))
            #expect(text.contains("Page \(index + 1) body"), "body of page \(index + 1) lost")
        }
        let allText = result.chunks.map(\.text).joined(separator: "\n")
        #expect(!allText.contains("Owner’s Manual"))
    }

    @Test func removesRunningTextWithoutLayoutToo() {
        let pages = (1...10).map { n -> Page in
            var page = CleanupPage.starting(n)
            page.header("ACME PUMP 3000 SERVICE GUIDE")
            for text in bodyLines(n) { page.line(text) }
            page.footer("- \(n) -")
            return page.textOnly
        }
        let result = clean(pages)
        #expect(result.removedLines == 20)
        #expect(result.cleanedPages.allSatisfy { !$0.contains("SERVICE GUIDE") && !$0.hasSuffix("-") })
    }

    @Test func aThreePageDocumentKeepsItsMiddlePage() {
        var first = CleanupPage.starting(1), middle = CleanupPage.starting(2), last = CleanupPage.starting(3)
        for text in bodyLines(1) { first.line(text) }
        middle.line("Introduction")
        middle.footer("Page 2")
        for text in bodyLines(3) { last.line(text) }
        let result = clean([first.page, middle.page, last.page])
        #expect(result.removedLines == 0)
        #expect(result.cleanedPages[1] == "Introduction\nPage 2")
        let textOnly = clean([first.textOnly, middle.textOnly, last.textOnly])
        #expect(textOnly.cleanedPages[1] == "Introduction\nPage 2")
    }

    @Test func aPatternOnTooFewPagesStays() {
        // "Draft" sits in the band of 2 of 12 pages: a coincidence, not a running head.
        let pages = (1...12).map { n -> Page in
            var page = CleanupPage.starting(n)
            for text in bodyLines(n) { page.line(text) }
            if n == 3 || n == 9 { page.header("Draft") }
            return page.page
        }
        let result = clean(pages)
        #expect(result.removedLines == 0)
        #expect(result.cleanedPages[2].hasPrefix("Draft"))
    }

    @Test func pagesThatAreAllRepeatingLinesKeepThem() {
        // A catalogue of one entry per page: every line repeats its pattern on every page, so all of
        // them look like running heads; dropping them would leave a document without text.
        let pages = (1...12).map { n in
            Page(number: n, text: "\(n) Lamp \(n)\nReplace lamp \(n) with a 12 V 21 W bulb after 500 hours.")
        }
        let result = clean(pages)
        #expect(result.removedLines == 0)
        #expect(result.chunks.flatMap(\.sentences).contains { $0.text.hasPrefix("Replace lamp 7 ") && $0.page == 7 })
    }

    @Test func chapterHeadsThatChangeWithTheChapterAreRunningText() {
        // Odd/even heads as LaTeX books set them: chapter on even pages, section on odd pages.
        let heads = [2: "CHAPTER 1. INTRODUCTION", 3: "1.1. OVERVIEW", 4: "CHAPTER 1. INTRODUCTION",
                     5: "1.2. FIRST STEPS", 6: "CHAPTER 1. INTRODUCTION", 7: "1.3. SAFETY",
                     8: "CHAPTER 2. CIRCUIT DESCRIPTION", 9: "2.1. GENERAL STRUCTURE",
                     10: "CHAPTER 2. CIRCUIT DESCRIPTION", 11: "2.2. DOT COMMANDS",
                     12: "CHAPTER 2. CIRCUIT DESCRIPTION", 13: "2.3. BASIC LINES",
                     14: "CHAPTER 2. CIRCUIT DESCRIPTION"]
        let pages = (1...14).map { n -> Page in
            var page = CleanupPage.starting(n)
            for text in bodyLines(n) { page.line(text) }
            if let head = heads[n] { page.header(n.isMultiple(of: 2) ? "\(n)  \(head)" : "\(head)  \(n)") }
            return page.page
        }
        let result = clean(pages)
        #expect(result.removedLines == heads.count)
        for text in result.cleanedPages {
            #expect(!text.contains("CHAPTER"))
            #expect(!text.contains("DOT COMMANDS"))
        }
    }

    @Test func chapterOpenerWordsAreNotRunningText() {
        // "CHAPTER" / "ONE" open every chapter at the same place, but they name the chapter.
        let words = ["ONE", "TWO", "THREE", "FOUR", "FIVE"]
        var pages: [Page] = []
        for (index, word) in words.enumerated() {
            var opener = CleanupPage.starting(2 * index + 1)
            opener.y = 30
            opener.line("CHAPTER", bold: true)
            opener.line(word, size: 14, bold: true)
            for text in bodyLines(2 * index + 1) { opener.line(text) }
            var next = CleanupPage.starting(2 * index + 2)
            for text in bodyLines(2 * index + 2) { next.line(text) }
            pages += [opener.page, next.page]
        }
        let result = clean(pages)
        #expect(result.cleanedPages[0].hasPrefix("CHAPTER\nONE"))
        #expect(result.cleanedPages[8].hasPrefix("CHAPTER\nFIVE"))
    }

    @Test func bareRomanAndArabicPageNumbersInTheBandsGo() {
        let labels = ["i", "ii", "iii", "iv", "1", "2", "3", "4", "5", "6"]
        let pages = labels.enumerated().map { index, label -> Page in
            var page = CleanupPage.starting(index + 1, label: label)
            for text in bodyLines(index + 1) { page.line(text) }
            page.footer(label)
            return page.page
        }
        let result = clean(pages)
        #expect(result.removedLines == 10)
        #expect(result.cleanedPages[1].split(separator: "\n").last.map(String.init) == bodyLines(2).last)
        #expect(result.chunks.first?.firstLabel == "i")
    }

    @Test func maskedPatternsMatchAcrossPageNumbers() {
        #expect(LinePattern.key("Page 3 of 40") == LinePattern.key("Page 17 of 40"))
        #expect(LinePattern.key("iv") == LinePattern.pageNumber)
        #expect(LinePattern.key("12") == LinePattern.pageNumber)
        #expect(LinePattern.key("Chapter 2 ... 17") == LinePattern.key("Chapter 3 ... 4"))
        #expect(LinePattern.key("Network UPS Tools User Manual 8 / 123") == LinePattern.key("Network UPS Tools User Manual xi"))
        #expect(LinePattern.key("Installing the pump") != LinePattern.key("Removing the pump"))
    }

    // MARK: Broken words

    @Test func joinsAWordBrokenAcrossLines() {
        let result = dehyphenate(["It is recom-", "mended to check the level. We recommended it before."])
        #expect(result.first == "It is recommended")
    }

    @Test func keepsTheHyphenOfARealCompound() {
        let result = dehyphenate(["This is a well-", "known problem; the well-known fix is simple."])
        #expect(result.first == "This is a well-known")
    }

    @Test func joinsLowercaseFragmentsWithoutOtherEvidence() {
        #expect(dehyphenate(["Regular mainte-", "nance keeps it running."]).first == "Regular maintenance")
    }

    @Test func keepsHyphensOfOptionsCodesAndCapitalisedParts() {
        #expect(dehyphenate(["Configure with --disable-", "shared to link statically."]).first == "Configure with --disable-shared")
        #expect(dehyphenate(["Built for x86-", "64 processors."]).first == "Built for x86-64")
        #expect(dehyphenate(["Connect to the Wi-", "Fi network."]).first == "Connect to the Wi-Fi")
        #expect(dehyphenate(["Press the button -", "then wait."]) == ["Press the button -", "then wait."])
    }

    @Test func decidesFromTheDocumentsOwnWords() {
        let vocabulary = HyphenationVocabulary(lines: ["the self-test passed", "a selftest", "pre-heat the oven"])
        let dehyphenator = Dehyphenator(vocabulary: vocabulary)
        #expect(dehyphenator.decide(fragment: "self-", next: "test", soft: false) == .dropHyphen)
        #expect(dehyphenator.decide(fragment: "pre-", next: "heat", soft: false) == .keepHyphen)
        #expect(dehyphenator.decide(fragment: "-D", next: "x", soft: false) == nil)
        #expect(dehyphenator.decide(fragment: "Anti-", next: "Lock", soft: true) == .dropHyphen)
    }

    @Test func joinsAWordBrokenAcrossAPageBreak() {
        var first = CleanupPage.starting(1), second = CleanupPage.starting(2)
        first.line("In a collision the belt tensioners and the pretension-")
        second.line("ers tighten the belts within a few milliseconds.")
        let result = clean([first.page, second.page])
        #expect(result.cleanedPages[0].hasSuffix("pretensioners"))
        #expect(result.cleanedPages[1].hasPrefix("tighten"))
        let sentence = result.chunks.flatMap(\.sentences).first { $0.text.contains("pretensioners tighten") }
        #expect(sentence?.page == 1)
        #expect(sentence?.lastPage == 2)
    }

    private func dehyphenate(_ texts: [String]) -> [String] {
        var lines = texts.map { LayoutLine(text: $0, page: 1) }
        Dehyphenator(vocabulary: HyphenationVocabulary(lines: texts)).apply(to: &lines)
        return lines.map(\.text).filter { !$0.isEmpty }
    }

    // MARK: Unicode

    @Test func foldsLigaturesAndCompatibilityForms() {
        let cleaner = UnicodeCleaner()
        #expect(cleaner.clean("ﬁlter ﬂow ﬀ ﬃ").text == "filter flow ff ffi")
        #expect(cleaner.clean("ＡＢＣ１２３").text == "ABC123")
        #expect(cleaner.clean("Owner’s “manual” −35 °C").text == "Owner’s “manual” −35 °C")
    }

    @Test func dropsControlPrivateUseAndInvisibleCharacters() {
        let cleaner = UnicodeCleaner()
        #expect(cleaner.clean("a\u{0007}b\u{E000}c\u{200B}d\u{FEFF}e\u{FFFD}").text == "abcde")
        #expect(cleaner.clean("  two\u{00A0}words \n ").text == "two words")
        #expect(cleaner.clean("name\tvalue").text == "name  value")
        #expect(cleaner.clean("cell     cell").text == "cell  cell")
        #expect(cleaner.clean("\u{0001}\u{0002}\u{001F}").text.isEmpty)
    }

    @Test func aSoftHyphenAtTheLineEndAlwaysJoins() {
        let cleaned = UnicodeCleaner().clean("Anti\u{00AD}")
        #expect(cleaned == UnicodeCleaner.Result(text: "Anti-", endsWithSoftHyphen: true))
        var first = CleanupPage.starting(1)
        first.line("The Anti\u{00AD}")
        first.line("Lock system works.")
        let result = clean([first.page])
        #expect(result.cleanedPages[0].hasPrefix("The AntiLock"))
    }

    @Test func softLineBreaksInsideAParagraphAreJoined() {
        var page = CleanupPage.starting(1)
        page.line("The coolant must be checked when the engine is cold, because the")
        page.line("system is under pressure when it is hot.")
        let sentences = clean([page.page]).chunks.flatMap(\.sentences).map(\.text)
        #expect(sentences == ["The coolant must be checked when the engine is cold, because the system is under pressure when it is hot."])
    }

    @Test func cleanedPagesMatchTheInputPagesOneToOne() {
        let pages = [Page(number: 1, text: "First page text."), Page(number: 2, text: ""),
                     Page(number: 3, text: "\u{0001}\u{0002}"), Page(number: 4, text: "Last ﬁle.")]
        let result = clean(pages)
        #expect(result.cleanedPages == ["First page text.", "", "", "Last file."])
    }
}
