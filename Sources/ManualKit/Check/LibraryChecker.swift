import Foundation
import ManualIndex
import ManualIngest
import ManualRetrieval

/// `manual check`: what is wrong with a library, and the safe repairs `check --repair` makes.
///
/// Problems (damage): SQLite's integrity check, the full-text index against the chunks, chunks without
/// their vector (or of another size), rows whose document is gone, a vector file that claims the
/// library's generation but not its vectors, history rows naming a missing document. Notices (work to
/// do, not damage): documents made by another pipeline, sources changed or missing on disk, a vector
/// file older than the library, OCR results kept by an interrupted ingest. Repairs run in transactions: rebuild the full-text index, embed the
/// chunks that lack vectors again from their stored text, delete orphan rows, rebuild the vector file,
/// detach history rows from missing documents. Damage SQLite itself reports is not repaired here: the
/// fix is a backup.
public struct LibraryChecker {
    public let store: Store
    public let pipeline: PipelineSettings

    public init(store: Store, pipeline: PipelineSettings = PipelineSettings()) {
        self.store = store
        self.pipeline = pipeline
    }

    public func findings() throws -> [CheckFinding] {
        var found: [CheckFinding] = []
        let integrity = try store.integrityProblems()
        if !integrity.isEmpty {
            found.append(CheckFinding(check: "integrity", severity: .problem,
                                      message: "SQLite integrity check: " + integrity.prefix(3).joined(separator: "; "),
                                      fix: "restore a backup (cp BACKUP \(store.path))", repairable: false))
        }
        if let problem = try store.fullTextIndexProblem() {
            found.append(CheckFinding(check: "fullTextIndex", severity: .problem,
                                      message: "the full-text index does not match the chunks (\(problem))",
                                      fix: "manual check --repair", repairable: true))
        }
        let orphans = try store.orphanRows()
        if !orphans.isEmpty {
            let list = orphans.keys.sorted().map { "\(orphans[$0]!) in \($0)" }.joined(separator: ", ")
            found.append(CheckFinding(check: "orphans", severity: .problem,
                                      message: "rows whose document is gone: \(list)", fix: "manual check --repair", repairable: true))
        }
        let missing = try store.chunksWithoutVector(dimension: pipeline.embedder.dimension)
        let stale = try staleDocuments()
        let staleChunks = Set(try stale.flatMap { try store.chunkIDs(documentID: $0) })
        let damaged = missing.filter { !staleChunks.contains($0) }
        if !damaged.isEmpty {
            found.append(CheckFinding(check: "vectors", severity: .problem,
                                      message: "\(damaged.count) chunk\(damaged.count == 1 ? "" : "s") without a vector of \(pipeline.embedder.dimension) numbers",
                                      fix: "manual check --repair", repairable: true))
        }
        switch try VectorIndex.fileState(store: store, dimension: pipeline.embedder.dimension) {
        case .missing, .current: break
        case .older(let generation):
            found.append(CheckFinding(check: "vectorFile", severity: .notice,
                                      message: "the vector file is of generation \(generation), older than the library's (the next query brings it up to date)",
                                      fix: "manual check --repair", repairable: true))
        case .otherLibrary:
            found.append(CheckFinding(check: "vectorFile", severity: .notice,
                                      message: "the vector file \(store.path).vectors was made for another library at this path (the next query rebuilds it)",
                                      fix: "manual check --repair", repairable: true))
        case .damaged:
            found.append(CheckFinding(check: "vectorFile", severity: .problem,
                                      message: "the vector file \(store.path).vectors does not hold the library's vectors",
                                      fix: "manual check --repair", repairable: true))
        }
        let history = try store.historyRowsWithoutDocument()
        if !history.isEmpty {
            found.append(CheckFinding(check: "history", severity: .problem,
                                      message: "\(history.count) history row\(history.count == 1 ? "" : "s") name a document no longer in the library",
                                      fix: "manual check --repair", repairable: true))
        }
        let pendingOCR = try store.pendingOCRResultCount()
        if pendingOCR > 0 {
            found.append(CheckFinding(check: "ocrResults", severity: .notice,
                                      message: "OCR results of \(pendingOCR) page\(pendingOCR == 1 ? "" : "s") of a PDF not in the library "
                                        + "(an interrupted ingest: running it again uses them)",
                                      fix: "manual check --repair, if that PDF is not to be ingested", repairable: true))
        }
        if !stale.isEmpty {
            found.append(CheckFinding(check: "pipeline", severity: .notice,
                                      message: "\(stale.count) document\(stale.count == 1 ? " was" : "s were") made by another pipeline version (\(ids(stale)))",
                                      fix: "manual reindex --stale", repairable: false))
        }
        let older = try store.documentsWithoutStoredReadings().filter { !stale.contains($0) }
        if !older.isEmpty {
            found.append(CheckFinding(check: "readings", severity: .notice,
                                      message: "\(older.count) document\(older.count == 1 ? " was" : "s were") stored before chunks kept their "
                                        + "sentences' table rows, contents marks and passage terms (\(ids(older))): answers are the same, questions slower",
                                      fix: "manual reindex " + older.map(String.init).joined(separator: " "), repairable: false))
        }
        var changed: [Int64] = [], gone: [Int64] = []
        for document in try store.documents() {
            switch Reindexer.sourceState(of: document) {
            case .changed: changed.append(document.id)
            case .missing: gone.append(document.id)
            case .unchanged: break
            }
        }
        if !changed.isEmpty {
            found.append(CheckFinding(check: "sources", severity: .notice,
                                      message: "\(changed.count) source file\(changed.count == 1 ? " has" : "s have") changed on disk (\(ids(changed)))",
                                      fix: "manual reindex --changed", repairable: false))
        }
        if !gone.isEmpty {
            found.append(CheckFinding(check: "sources", severity: .notice,
                                      message: "\(gone.count) source file\(gone.count == 1 ? " is" : "s are") missing (\(ids(gone))); the documents are kept",
                                      fix: "manual remove ID, if the manual is gone for good", repairable: false))
        }
        return found
    }

    /// Makes every repair `findings` marks repairable, each in its own transaction, and returns what is
    /// found afterwards.
    public func repair(_ findings: [CheckFinding]) throws -> [CheckFinding] {
        let checks = Set(findings.filter(\.repairable).map(\.check))
        if checks.contains("orphans") { try store.deleteOrphanRows() }
        if checks.contains("fullTextIndex") || checks.contains("orphans") { try store.rebuildFullTextIndex() }
        if checks.contains("vectors") {
            let stale = Set(try staleDocuments().flatMap { try store.chunkIDs(documentID: $0) })
            let missing = try store.chunksWithoutVector(dimension: pipeline.embedder.dimension).filter { !stale.contains($0) }
            let embedder = pipeline.embedder
            var cache = WordPieceCache()
            try store.replaceVectors(chunkIDs: missing) { DocumentProcessor.embedding(of: $0, embedder: embedder, cache: &cache) }
        }
        if checks.contains("history") { try store.detachHistoryFromMissingDocuments() }
        if checks.contains("ocrResults") { try store.deletePendingOCRResults() }
        if !checks.isEmpty { try VectorIndex.rebuildFile(store: store, dimension: pipeline.embedder.dimension) }
        return try self.findings()
    }

    private func staleDocuments() throws -> [Int64] {
        try store.documents().filter { $0.pipelineVersion != pipeline.fingerprint }.map(\.id)
    }

    private func ids(_ list: [Int64]) -> String { DocumentIDList.describe(list) }
}
