/// One page an answer cites, listed once however many sentences come from it.
public struct SourcePage: Sendable, Equatable, Codable {
    public var documentID: Int64
    public var file: String
    /// Physical page number, 1-based.
    public var page: Int
    /// The printed label of the page, nil when the PDF defines none.
    public var label: String?

    public init(documentID: Int64, file: String, page: Int, label: String?) {
        self.documentID = documentID
        self.file = file
        self.page = page
        self.label = label
    }
}
