import CPoppler
import Foundation

/// A PDF read from disk once: its bytes, their sha256 and where they came from.
public struct SourceFile: Sendable {
    /// Absolute, standardised path (the identity of "the same file" across runs).
    public var path: String
    public var fileName: String
    public var bytes: Data
    /// Lowercase hex sha256 of `bytes`: the identity of a document.
    public var sha256: String
    public var modified: Double?
    /// Size of the file; equal to `bytes.count` unless the bytes were not kept.
    public var byteSize: Int64

    public init(path: String, fileName: String, bytes: Data, sha256: String, modified: Double?, byteSize: Int64? = nil) {
        self.path = path
        self.fileName = fileName
        self.bytes = bytes
        self.sha256 = sha256
        self.modified = modified
        self.byteSize = byteSize ?? Int64(bytes.count)
    }

    /// Reads `path`, reporting a missing, unreadable or empty file as the error a user can act on.
    public static func read(_ path: String) throws(IngestError) -> SourceFile {
        let absolute = SourceFile.absolute(path)
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: absolute, isDirectory: &isDirectory) else { throw .fileNotFound(path: path) }
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        guard fm.isReadableFile(atPath: absolute) else { throw .permissionDenied(path: path) }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: absolute), options: [.mappedIfSafe])
        } catch {
            throw .unreadable(path: path, reason: "cannot read the file")
        }
        guard !bytes.isEmpty else { throw .emptyFile(path: path) }
        let attributes = try? fm.attributesOfItem(atPath: absolute)
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970
        return SourceFile(path: absolute, fileName: (absolute as NSString).lastPathComponent,
                          bytes: bytes, sha256: SourceFile.sha256(of: bytes), modified: modified)
    }

    /// Makes a path absolute against the current directory without resolving symlinks.
    public static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return (expanded as NSString).standardizingPath }
        let cwd = FileManager.default.currentDirectoryPath
        return ((cwd as NSString).appendingPathComponent(expanded) as NSString).standardizingPath
    }

    /// SHA-256 through GLib, which poppler already links: no extra dependency for one hash.
    static func sha256(of bytes: Data) -> String {
        bytes.withUnsafeBytes { raw -> String in
            let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256,
                                                     raw.baseAddress?.assumingMemoryBound(to: guchar.self),
                                                     gsize(raw.count))
            return takeString(digest) ?? ""
        }
    }
}
