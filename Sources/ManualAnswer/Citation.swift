/// Where one quoted sentence of an answer comes from.
public struct Citation: Sendable, Equatable, Codable {
    public var documentID: Int64
    public var title: String
    public var file: String
    /// Physical page (1-based) of the quoted sentence: the page a PDF viewer jumps to.
    public var page: Int
    /// The label printed on that page ("iv", "4-12"), nil when the PDF defines none.
    public var label: String?
    /// The physical page the sentence ends on when it runs over a page break ("Clean the interior with a
    /// vacuum cleaner and a damp cloth;" / "dashboard surfaces and the touch screen should be wiped with a soft
    /// dry cloth only."): the words asked about may stand on either. Nil, and absent from the JSON, for a
    /// sentence on one page.
    public var lastPage: Int?
    /// The label printed on `lastPage`, when it has one.
    public var lastLabel: String?
    /// The heading path the sentence stands under, "A > B" (`CitedHeading`).
    public var heading: String
    /// The sentence itself, at most `AnswerSettings.maxQuoteLength` characters, cut at a word with "…".
    public var quote: String
    /// True when the page's text came from OCR (a scanned page: the quote may hold recognition errors);
    /// nil, and absent from the JSON, for text-layer pages.
    public var ocr: Bool?

    public init(documentID: Int64, title: String, file: String, page: Int, label: String?,
                heading: String, quote: String, lastPage: Int? = nil, lastLabel: String? = nil) {
        self.documentID = documentID
        self.title = title
        self.file = file
        self.page = page
        self.label = label
        self.heading = heading
        self.quote = quote
        self.lastPage = lastPage
        self.lastLabel = lastLabel
    }

    /// Every physical page the quoted sentence stands on: `page`, then `lastPage` and the pages between.
    public var pages: ClosedRange<Int> { page...max(page, lastPage ?? page) }
}
