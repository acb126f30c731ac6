import Foundation
import ManualIndex

/// A consistent copy of a library in use: `VACUUM INTO` a temporary file beside the destination (one
/// read snapshot, so readers and the writer go on), a check of the copy, then a rename to the
/// destination. A copy that fails its check is deleted and never takes the destination's name.
public struct LibraryBackup {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    public struct Result: Sendable {
        public var documents: Int
        public var bytes: Int64
        /// What `LibraryChecker` found in the copy.
        public var findings: [CheckFinding]
    }

    public func write(to destination: String) throws -> Result {
        let folder = (destination as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((destination as NSString).lastPathComponent).\(getpid()).partial"
        unlink(temporary)
        defer { unlink(temporary); unlink(temporary + "-wal"); unlink(temporary + "-shm") }
        try store.vacuum(into: temporary)
        let findings: [CheckFinding]
        let documents: Int
        do {
            let copy = try SQLiteStore(path: temporary)
            findings = try LibraryChecker(store: copy).findings().filter { $0.check != "sources" && $0.check != "vectorFile" }
            documents = try copy.documents().count
            try copy.checkpoint()
        }
        guard findings.allSatisfy({ $0.severity != .problem }) else {
            return Result(documents: documents, bytes: 0, findings: findings)
        }
        unlink(temporary + "-wal")
        unlink(temporary + "-shm")
        chmod(temporary, 0o600)  // as private as the library itself
        if rename(temporary, destination) != 0 {
            throw StoreError.cannotCreate(path: destination, reason: String(cString: strerror(errno)))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int64) ?? 0
        return Result(documents: documents, bytes: size, findings: findings)
    }
}
