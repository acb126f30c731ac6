import Foundation
import ManualIndex
import ManualIngest

/// Pages of stored documents drawn for people to see (`manual page`, the server's page viewer): the
/// physical page a citation names, from the PDF the document was ingested from.
public struct PageImages {
    public let store: Store
    public let renderer: PageRenderer

    public init(store: Store, renderer: PageRenderer) {
        self.store = store
        self.renderer = renderer
    }

    /// The document and page checked against the library and the file on disk, then drawn.
    public func png(documentID: Int64, _ request: PageImageRequest) throws -> [UInt8] {
        let document = try source(documentID: documentID, page: request.page)
        return try renderer.png(path: document.sourcePath, request)
    }

    /// The document, when `page` is one of its pages and its PDF still holds the ingested bytes.
    public func source(documentID: Int64, page: Int) throws -> DocumentRecord {
        guard let document = try store.document(id: documentID) else { throw StoreError.documentNotFound("#\(documentID)") }
        guard (1...max(1, document.pageCount)).contains(page) else {
            throw PageImageError.noSuchPage(documentID: documentID, page: page, pageCount: document.pageCount)
        }
        switch Reindexer.sourceState(of: document) {
        case .unchanged: return document
        case .missing: throw PageImageError.sourceMissing(path: document.sourcePath)
        case .changed: throw PageImageError.sourceChanged(path: document.sourcePath)
        }
    }
}
