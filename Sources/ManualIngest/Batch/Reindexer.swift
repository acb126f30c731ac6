import Foundation
import ManualIndex

/// Which documents `reindex` re-processes.
public enum ReindexSelection: Sendable, Equatable {
    case documents([Int64])
    case all
    /// Documents whose stored pipeline fingerprint differs from this binary's.
    case stale
    /// Documents whose source file changed on disk.
    case changed
}

/// Where a document's source PDF stands compared with what was ingested.
public enum SourceState: String, Sendable, Codable {
    case unchanged
    case changed
    case missing
}

/// One document of a reindex plan.
public struct ReindexPlanEntry: Sendable {
    public var document: DocumentRecord
    public var source: SourceState
    /// What to run, or nil when the document is only reported (a missing source under --changed).
    public var item: BatchItem?
}

/// Decides what `reindex` does with each document: re-read the PDF, or rebuild from stored text.
public struct Reindexer {
    public let store: Store
    public let settings: PipelineSettings

    public init(store: Store, settings: PipelineSettings = PipelineSettings()) {
        self.store = store
        self.settings = settings
    }

    /// The job name under which `reindex --all` records its start.
    public static let allJob = "reindex --all"

    /// The job name of `reindex --all` over one shard: each shard resumes on its own.
    public static func allJob(_ shard: Shard?) -> String {
        shard.map { "\(allJob) --shard \($0)" } ?? allJob
    }

    /// The documents selected and how each will be re-processed; with `shard`, only those in that part
    /// (`Shard.parts(byPages:count:)` over the library's documents as they are now).
    public func plan(_ selection: ReindexSelection, shard: Shard? = nil) throws -> [ReindexPlanEntry] {
        var documents: [DocumentRecord]
        switch selection {
        case .documents(let ids):
            documents = try ids.map { id in
                guard let document = try store.document(id: id) else { throw StoreError.documentNotFound("#\(id)") }
                return document
            }
        case .all:
            // An interrupted --all resumes: documents ingested since it started are already done.
            let resumed = try store.jobStart(Reindexer.allJob(shard))
            documents = try store.documents().filter { resumed == nil || $0.ingestedAt < resumed! }
        case .changed:
            documents = try store.documents()
        case .stale:
            documents = try store.documents().filter { $0.pipelineVersion != settings.fingerprint }
        }
        if let shard {
            // Parts are cut from the whole library, not from the selection: what --stale selects shrinks
            // as the parts work, and parts started later must cut where the first ones did.
            let parts = Shard.parts(byPages: try store.documents().map { ($0.sha256, $0.pageCount) }, count: shard.count)
            documents = documents.filter { parts[$0.sha256] == shard.index }
        }
        return documents.compactMap { document in
            let state = Reindexer.sourceState(of: document)
            switch (selection, state) {
            case (.changed, .unchanged): return nil
            case (.changed, .missing): return ReindexPlanEntry(document: document, source: state, item: nil)
            case (_, .missing): return ReindexPlanEntry(document: document, source: state, item: .stored(document))
            default: return ReindexPlanEntry(document: document, source: state,
                                             item: .file(path: document.sourcePath, force: true))
            }
        }
    }

    /// Size and modification time first; the sha256 only when those differ, since hashing reads the whole file.
    public static func sourceState(of document: DocumentRecord) -> SourceState {
        let fm = FileManager.default
        guard let attributes = try? fm.attributesOfItem(atPath: document.sourcePath) else { return .missing }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        if size == document.byteSize, let modified, let stored = document.sourceModified, abs(modified - stored) < 0.001 {
            return .unchanged
        }
        guard let source = try? SourceFile.read(document.sourcePath) else { return .missing }
        return source.sha256 == document.sha256 ? .unchanged : .changed
    }
}
