/// Narrows a search to one document, one physical page or one section.
public struct SearchFilter: Sendable, Equatable {
    public var documentID: Int64?
    /// Physical page number the chunk must cover.
    public var page: Int?
    /// Case-insensitive text the chunk's heading path must contain.
    public var section: String?

    public init(documentID: Int64? = nil, page: Int? = nil, section: String? = nil) {
        self.documentID = documentID
        self.page = page
        self.section = section
    }
}
