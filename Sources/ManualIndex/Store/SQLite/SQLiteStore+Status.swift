import Foundation

/// Counts that describe a library.
public struct LibraryCounts: Sendable, Equatable, Codable {
    public var documents: Int
    public var pages: Int
    public var chunks: Int
    public var pagesWithoutText: Int
    /// Bytes of the database file plus its write-ahead log.
    public var bytes: Int64
}

extension SQLiteStore {
    /// Documents, pages, chunks and size of the library.
    public func counts() throws(StoreError) -> LibraryCounts {
        func count(_ sql: String) throws(StoreError) -> Int {
            Int(try statement(sql).integer())
        }
        let fm = FileManager.default
        let bytes = [path, path + "-wal"].reduce(Int64(0)) { total, file in
            total + (((try? fm.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0)
        }
        return LibraryCounts(
            documents: try count("SELECT count(*) FROM documents"),
            pages: try count("SELECT count(*) FROM pages"),
            chunks: try count("SELECT count(*) FROM chunks"),
            pagesWithoutText: try count("SELECT count(*) FROM pages WHERE length(trim(text, ' ' || char(9, 10, 12, 13))) = 0"),
            bytes: bytes)
    }

    /// How many documents were made by a pipeline other than `fingerprint` (see `reindex --stale`).
    public func staleDocumentCount(fingerprint: String) throws(StoreError) -> Int {
        Int(try statement("SELECT count(*) FROM documents WHERE pipeline_version != ?").integer([.text(fingerprint)]))
    }
}
