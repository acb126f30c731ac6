import Foundation
import ManualIndex
import ManualIngest
import ManualRetrieval

/// What `manual status --json` and `GET /api/status` report: the library's size and which documents
/// need work (indexed by an older pipeline, source changed, source missing) or came from a file with
/// problems (damaged, copy-restricted: `SourceCondition`), which a sound copy would be better than.
public struct LibraryStatus: Encodable, Sendable {
    public var library: String
    /// Which kind of store holds the library: "sqlite" or "postgresql".
    public var store: String
    public var counts: LibraryCounts
    public var pipeline: String
    public var stale: [Int64]
    public var changed: [Int64]
    public var missing: [Int64]
    /// Documents whose file was damaged when it was read (poppler rebuilt its cross-reference table).
    public var damaged: [Int64]
    /// Documents whose file's permissions forbid copying its text.
    public var copyRestricted: [Int64]
    /// This machine's vector file of the library, when there is one (absent until a first question).
    public var vectorFile: VectorFileStatus?

    public init(store: Store, pipeline: PipelineSettings = PipelineSettings()) throws {
        library = store.path
        self.store = Stores.kind(of: store)
        counts = try store.counts()
        self.pipeline = pipeline.fingerprint
        stale = []
        changed = []
        missing = []
        damaged = []
        copyRestricted = []
        vectorFile = try VectorFileStatus(store: store)
        for document in try store.documents() {
            if document.condition.crossReferenceRebuilt { damaged.append(document.id) }
            if document.condition.copyRestricted { copyRestricted.append(document.id) }
            if document.pipelineVersion != pipeline.fingerprint { stale.append(document.id) }
            switch Reindexer.sourceState(of: document) {
            case .changed: changed.append(document.id)
            case .missing: missing.append(document.id)
            case .unchanged: break
            }
        }
    }
}

/// This machine's vector file of a library: the generation it holds, the one at which it was last made whole
/// from every vector, and how many catch-ups from the change log followed (a PostgreSQL library's nodes
/// catch up; an SQLite library's file is made whole each time).
public struct VectorFileStatus: Encodable, Sendable {
    public var generation: Int64
    public var builtWholeAt: Int64
    public var catchUps: Int64

    /// Nil when there is no vector file of this library (none yet, another library's, or not a vector file).
    init?(store: Store) throws {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: store.cacheLocation + ".vectors"), options: .alwaysMapped),
              let header = VectorFile.header(data), header.library == (try store.libraryID()) else { return nil }
        generation = header.generation
        builtWholeAt = header.builtWholeAt
        catchUps = header.catchUps
    }
}
