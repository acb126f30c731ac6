import ManualKit

/// A page built the way the PDF stage hands pages over: layout lines from the top down, body type
/// 10 pt, 5 pt per character. Tests add their own shapes (headings, tables, running heads) on top.
public struct LaidOutPage {
    public var number: Int
    public var label: String?
    public var lines: [TextLine] = []
    /// Where the next line goes, in points from the top of the page.
    public var y: Double

    public init(_ number: Int, label: String? = nil, top: Double = 60) {
        self.number = number
        self.label = label
        self.y = top
    }

    public mutating func line(_ text: String, size: Double = 10, bold: Bool = false, left: Double = 50) {
        lines.append(TextLine(text: text, top: y, bottom: y + size, left: left,
                              right: min(550, left + 5 * Double(text.count)), fontSize: size, isBold: bold))
        y += size + 3
    }

    /// The page with its text and layout lines.
    public var page: Page {
        Page(number: number, label: label, text: lines.map(\.text).joined(separator: "\n"), lines: lines)
    }
}
