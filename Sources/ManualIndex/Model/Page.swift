/// One physical page of a PDF as extracted, before any cleanup.
public struct Page: Sendable, Equatable {
    /// Physical page number, 1-based: the Nth page of the file, whatever is printed on it.
    public var number: Int
    /// The printed page label ("iv", "17", "A-3") when the PDF defines one.
    public var label: String?
    /// The page text as poppler extracts it, lines separated by "\n".
    public var text: String
    /// The same text as layout lines in reading order, with position and font.
    /// Empty when layout information is unavailable.
    public var lines: [TextLine]
    /// Page size in PDF points.
    public var width: Double
    public var height: Double
    /// Where the text came from: the PDF's text layer, or OCR of the rendered page.
    public var source: PageTextSource = .text
    /// For an OCR'd page, Tesseract's mean word confidence (0-100); nil when no word was recognised.
    public var ocrConfidence: Double?

    public init(number: Int, label: String? = nil, text: String, lines: [TextLine] = [],
                width: Double = 612, height: Double = 792) {
        self.number = number
        self.label = label
        self.text = text
        self.lines = lines
        self.width = width
        self.height = height
    }
}

/// How a page's text was obtained; stored per page (`pages.text_source`).
public enum PageTextSource: String, Sendable, Equatable, Codable {
    /// The PDF's own text layer, through poppler.
    case text
    /// Tesseract OCR of the page rendered as an image (a scanned page).
    case ocr
}

/// A line of text on a page with where it sits and how it is set.
public struct TextLine: Sendable, Equatable {
    public var text: String
    /// Distance of the line's top edge from the top of the page, in points.
    public var top: Double
    /// Distance of the line's bottom edge from the top of the page, in points.
    public var bottom: Double
    public var left: Double
    public var right: Double
    /// The dominant font size of the line, in points.
    public var fontSize: Double
    /// True when the dominant font's name says bold, black, heavy or semibold.
    public var isBold: Bool

    public init(text: String, top: Double, bottom: Double, left: Double = 0, right: Double = 0,
                fontSize: Double, isBold: Bool = false) {
        self.text = text
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
        self.fontSize = fontSize
        self.isBold = isBold
    }
}

/// A bookmark from the PDF outline.
public struct OutlineEntry: Sendable, Equatable, Codable {
    public var title: String
    /// Physical page number (1-based) the bookmark points to.
    public var page: Int
    /// Nesting depth, 1 for top-level entries.
    public var level: Int

    public init(title: String, page: Int, level: Int) {
        self.title = title
        self.page = page
        self.level = level
    }
}
