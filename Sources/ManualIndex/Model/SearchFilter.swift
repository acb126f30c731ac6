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

extension SearchFilter {
    /// Throws when the filter names what `store` does not hold: a document (`StoreError.documentNotFound`), a page
    /// past the end of that document or of every document, or a section no heading contains there
    /// (`SearchFilterError`). A page within the document that holds no text is no error: nothing on it is found.
    /// In a library without documents only the document is checked, and every question is "not covered".
    public func check(against store: Store) throws {
        var document: DocumentRecord?
        if let documentID {
            guard let found = try store.document(id: documentID) else { throw StoreError.documentNotFound("#\(documentID)") }
            document = found
        }
        if let page, let document, page > document.pageCount {
            throw SearchFilterError.noSuchPage(documentID: document.id, page: page, count: document.pageCount)
        }
        // The longest document's length, read once: nil for a library without documents.
        guard page != nil || section != nil, let longest = try document?.pageCount ?? store.longestPageCount() else { return }
        if let page, document == nil, page > longest {
            throw SearchFilterError.pageBeyondEveryDocument(page: page, longest: longest)
        }
        if let section, try store.chunkCount(matching: self) == 0 {
            throw SearchFilterError.noSuchSection(section, documentID: documentID, page: page)
        }
    }
}
