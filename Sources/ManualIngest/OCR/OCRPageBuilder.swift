import ManualIndex
/// Turns Tesseract's lines of words into a `Page` of the same shape poppler's text layer gives, so the
/// same cleanup, sentence, heading and chunk stages run on it.
///
/// - Positions go from image pixels to PDF points, from the top of the page, as poppler's are.
/// - A line's font size is its ascender height (baseline minus the top of the ink) over 0.7, the
///   ascender's share of the em in common text faces, rounded to a whole point: OCR boxes jitter by a
///   pixel or two, and heading detection compares sizes to half a point. The height is the median over
///   the words that have a capital, digit or ascender letter and no bracket, slash or other mark that
///   rises above the capitals ("(2,200 lb)" and "ODO/TRIP" would make a body line a heading); the
///   line's own top when no word qualifies. Its box is then set from the
///   baseline and that size (0.8 em above, 0.2 em below), as a font's metrics set poppler's, so gaps
///   between lines measure paragraphs rather than which letters a line happens to have.
/// - A gap wider than an em between two words starts a new line, as poppler's lines are cut
///   (`PageExtractor`): the cells of a table row stay apart.
/// - Bold is unknown (Tesseract's LSTM engine does not report fonts).
/// - Words under `minimumWordConfidence` are dropped (specks, rules, halftone dots read as letters), and
///   a page whose kept words average under `minimumPageConfidence` is a photo or noise: no text.
struct OCRPageBuilder {
    static let minimumWordConfidence = 20.0
    static let minimumPageConfidence = 45.0

    /// Image pixels per PDF point.
    var scale: Double

    /// The page's lines and text, with the mean confidence of its words (nil when no word was kept).
    func build(_ ocrLines: [OCRLine]) -> (lines: [TextLine], text: String, confidence: Double?, words: Int) {
        var lines: [TextLine] = []
        var confidenceSum = 0.0, wordCount = 0
        for ocrLine in ocrLines {
            let words = ocrLine.words.filter {
                $0.confidence >= OCRPageBuilder.minimumWordConfidence && !$0.text.allSatisfy(\.isWhitespace)
            }
            guard !words.isEmpty else { continue }
            let ascender = Double(max(1, OCRPageBuilder.ascenderHeight(ocrLine, words: words))) / scale
            let fontSize = max(1, (ascender / 0.7).rounded())
            let baseline = Double(ocrLine.baseline) / scale
            var current: [OCRWord] = []
            func finish() {
                guard let first = current.first, let last = current.last else { return }
                lines.append(TextLine(text: current.map(\.text).joined(separator: " "),
                                      top: baseline - 0.8 * fontSize, bottom: baseline + 0.2 * fontSize,
                                      left: Double(first.left) / scale, right: Double(last.right) / scale,
                                      fontSize: fontSize))
                current = []
            }
            for word in words {
                if let previous = current.last, Double(word.left - previous.right) / scale > fontSize {
                    finish()
                }
                current.append(word)
                confidenceSum += word.confidence
                wordCount += 1
            }
            finish()
        }
        guard wordCount > 0 else { return ([], "", nil, 0) }
        let confidence = confidenceSum / Double(wordCount)
        guard confidence >= OCRPageBuilder.minimumPageConfidence else { return ([], "", confidence, 0) }
        return (lines, lines.map(\.text).joined(separator: "\n"), confidence, wordCount)
    }

    /// The median ascender height, in pixels, of the line's words that reach exactly ascender height.
    static func ascenderHeight(_ line: OCRLine, words: [OCRWord]) -> Int {
        var heights: [Int] = []
        for word in words {
            var reaches = false, overshoots = false
            for scalar in word.text.unicodeScalars {
                if "()[]{}/\\|'\"‘’“”*^!?§%$&#@".unicodeScalars.contains(scalar) {
                    overshoots = true
                    break
                }
                if ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "bdfhklt".unicodeScalars.contains(scalar) {
                    reaches = true
                }
            }
            if reaches && !overshoots && word.baseline > word.top { heights.append(word.baseline - word.top) }
        }
        guard !heights.isEmpty else { return line.baseline - line.top }
        heights.sort()
        return heights[heights.count / 2]
    }
}
