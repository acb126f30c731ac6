import Foundation

/// What `manual status --json` and `GET /api/status` report: the library's size and which documents
/// need work (indexed by an older pipeline, source changed, source missing).
public struct LibraryStatus: Encodable, Sendable {
    public var library: String
    public var counts: LibraryCounts
    public var pipeline: String
    public var stale: [Int64]
    public var changed: [Int64]
    public var missing: [Int64]

    public init(store: Store, pipeline: PipelineSettings = PipelineSettings()) throws {
        library = store.path
        counts = try store.counts()
        self.pipeline = pipeline.fingerprint
        stale = []
        changed = []
        missing = []
        for document in try store.documents() {
            if document.pipelineVersion != pipeline.fingerprint { stale.append(document.id) }
            switch Reindexer.sourceState(of: document) {
            case .changed: changed.append(document.id)
            case .missing: missing.append(document.id)
            case .unchanged: break
            }
        }
    }
}
