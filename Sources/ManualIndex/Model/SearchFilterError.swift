/// A search filter naming a page or section the library does not have.
///
/// Searched with such a filter, every question would come back "not covered". That answer would blame the
/// library for a slip of the filter: "--page 230" for p. 23, or a section title misspelt. The filter is refused
/// instead, with what there is (`SearchFilter.check`). A missing document is `StoreError.documentNotFound`,
/// as everywhere else.
public enum SearchFilterError: Error, Sendable, Equatable {
    /// The page is past the last page of the document the filter names, which has `count` pages.
    case noSuchPage(documentID: Int64, page: Int, count: Int)
    /// No filter on a document, and the page is past the last page of every document; the longest has `longest`.
    case pageBeyondEveryDocument(page: Int, longest: Int)
    /// No section heading contains the text (within the document and page the filter names, if it names them).
    case noSuchSection(String, documentID: Int64?, page: Int?)
}
