/// Where one quoted sentence of an answer comes from.
public struct Citation: Sendable, Equatable, Codable {
    public var documentID: Int64
    public var title: String
    public var file: String
    /// Physical page (1-based) of the quoted sentence: the page a PDF viewer jumps to.
    public var page: Int
    /// The label printed on that page ("iv", "4-12"), nil when the PDF defines none.
    public var label: String?
    /// The heading path the sentence stands under, "A > B" (`CitedHeading`).
    public var heading: String
    /// The sentence itself, at most `AnswerSettings.maxQuoteLength` characters, cut at a word with "…".
    public var quote: String
    /// True when the page's text came from OCR (a scanned page: the quote may hold recognition errors);
    /// nil, and absent from the JSON, for text-layer pages.
    public var ocr: Bool?

    public init(documentID: Int64, title: String, file: String, page: Int, label: String?,
                heading: String, quote: String) {
        self.documentID = documentID
        self.title = title
        self.file = file
        self.page = page
        self.label = label
        self.heading = heading
        self.quote = quote
    }
}
