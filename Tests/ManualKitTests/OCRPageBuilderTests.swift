import Testing
@testable import ManualKit
@testable import ManualIngest

/// Tesseract's words become lines of the shape poppler's text layer gives (`OCRPageBuilder`).
struct OCRPageBuilderTests {
    /// 300 dpi: 300 / 72 pixels per point.
    let builder = OCRPageBuilder(scale: 300.0 / 72)

    /// A word `height` pixels tall above the baseline at `baseline`, from `left` to `right`.
    private func word(_ text: String, _ left: Int, _ right: Int, baseline: Int = 1000, height: Int = 29,
                      confidence: Double = 95) -> OCRWord {
        OCRWord(text: text, confidence: confidence, left: left, top: baseline - height, right: right, bottom: baseline + 8,
                baseline: baseline)
    }

    private func line(_ words: [OCRWord]) -> OCRLine {
        OCRLine(words: words, top: words.map(\.top).min() ?? 0, bottom: words.map(\.bottom).max() ?? 0,
                baseline: words.first?.baseline ?? 0)
    }

    @Test func sizesComeFromWordsThatReachAscenderHeightAndBracketsDoNotCount() {
        // 29 px of ascender at 300 dpi is 7 pt, over 0.7: a 10 pt line. "(2,200" rises higher (40 px).
        let body = line([word("Tow", 0, 90), word("up", 100, 150, height: 20), word("(2,200", 160, 300, height: 40),
                         word("lb)", 310, 380, height: 40)])
        let heading = line([word("Tire", 0, 120, baseline: 1200, height: 41), word("Pressure", 130, 400, baseline: 1200, height: 41)])
        let built = builder.build([body, heading])
        #expect(built.lines.map(\.fontSize) == [10, 14])
        #expect(built.text == "Tow up (2,200 lb)\nTire Pressure")
        // Positions in points from the top of the page, boxes from the baseline and the size.
        #expect(abs(built.lines[0].bottom - (1000 * 72 / 300.0 + 2)) < 0.01)
        #expect(abs(built.lines[0].top - (1000 * 72 / 300.0 - 8)) < 0.01)
    }

    @Test func aGapWiderThanAnEmSplitsTheCellsOfATableRow() {
        let row = line([word("Front,", 0, 120), word("normal", 135, 260), word("230", 900, 960), word("2.3", 1300, 1360)])
        #expect(builder.build([row]).lines.map(\.text) == ["Front, normal", "230", "2.3"])
    }

    @Test func unsureWordsAreDroppedAndAPageOfThemHasNoText() {
        let mixed = line([word("Descale", 0, 200), word("@", 210, 230, confidence: 5), word("it", 240, 280)])
        let built = builder.build([mixed])
        #expect(built.text == "Descale it" && built.words == 2)
        #expect(abs((built.confidence ?? 0) - 95) < 0.001)
        // Noise: words Tesseract is not sure of, on average under 45.
        let noise = builder.build([line([word("oo0o", 0, 100, confidence: 30), word("TB", 120, 180, confidence: 40)])])
        #expect(noise.text.isEmpty && noise.lines.isEmpty && noise.words == 0)
        #expect(builder.build([]).confidence == nil)
    }
}
