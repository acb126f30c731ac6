import CPoppler
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
    ///
    /// The file is opened read-only and never written. Size and modification time come from the open
    /// file, before and after reading: a file that changes while it is read (still downloading, being
    /// copied over) is read again, and reported after a few tries, so the bytes hashed, parsed and
    /// stored always belong together and `reindex --changed` sees any later change.
    public static func read(_ path: String) throws(IngestError) -> SourceFile {
        let absolute = SourceFile.absolute(path)
        var lastChange = ""
        for attempt in 0..<4 {
            if attempt > 0 { usleep(useconds_t(50_000 * attempt)) }
            switch try readOnce(absolute, displayPath: path) {
            case .read(let file): return file
            case .changed(let what): lastChange = what
            }
        }
        throw .unreadable(path: path, reason: "the file keeps changing while it is read (\(lastChange)); try again when it is complete")
    }

    private enum Attempt {
        case read(SourceFile)
        case changed(String)
    }

    private static func readOnce(_ absolute: String, displayPath path: String) throws(IngestError) -> Attempt {
        // O_NONBLOCK: a FIFO named .pdf must not hang the open; it is refused below as not a regular file.
        let fd = open(absolute, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .fileNotFound(path: path)
            case ELOOP: throw .unreadable(path: path, reason: "a loop of symbolic links")
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EISDIR: throw .isDirectory(path: path)
            default: throw .unreadable(path: path, reason: "cannot open the file (\(String(cString: strerror(errno))))")
            }
        }
        defer { close(fd) }
        var before = stat()
        guard fstat(fd, &before) == 0 else { throw .unreadable(path: path, reason: "cannot read the file") }
        switch before.st_mode & S_IFMT {
        case S_IFDIR: throw .isDirectory(path: path)
        case S_IFREG: break
        default: throw .unreadable(path: path, reason: "not a regular file (a device, pipe or socket)")
        }
        var bytes = Data(count: Int(before.st_size))
        var filled = 0
        var grew = false
        while true {
            if filled == bytes.count {
                // The file grew since fstat: keep reading, it will be reported as changed.
                var probe: UInt8 = 0
                let n = systemRead(fd, &probe, 1)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { throw .unreadable(path: path, reason: "cannot read the file (\(String(cString: strerror(errno))))") }
                if n == 0 { break }
                bytes.append(probe)
                bytes.append(Data(count: 64 * 1024))
                filled += 1
                grew = true
                continue
            }
            let want = bytes.count - filled
            let n = bytes.withUnsafeMutableBytes { raw in systemRead(fd, raw.baseAddress! + filled, want) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n < 0 { throw .unreadable(path: path, reason: "cannot read the file (\(String(cString: strerror(errno))))") }
            if n == 0 { break }
            filled += n
        }
        bytes.count = filled
        var after = stat()
        guard fstat(fd, &after) == 0 else { throw .unreadable(path: path, reason: "cannot read the file") }
        if grew || filled != Int(before.st_size) || after.st_size != before.st_size
            || after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec {
            return .changed("\(before.st_size) bytes, then \(after.st_size)")
        }
        // Replaced by rename while open: the bytes are complete but no longer what the path names.
        var now = stat()
        if stat(absolute, &now) == 0, now.st_ino != before.st_ino || now.st_dev != before.st_dev {
            return .changed("replaced by another file")
        }
        guard !bytes.isEmpty else { throw .emptyFile(path: path) }
        let modified = Double(before.st_mtim.tv_sec) + Double(before.st_mtim.tv_nsec) / 1e9
        return .read(SourceFile(path: absolute, fileName: (absolute as NSString).lastPathComponent,
                                bytes: bytes, sha256: SourceFile.sha256(of: bytes), modified: modified))
    }

    /// Makes a path absolute against the current directory without resolving symlinks.
    ///
    /// Purely lexical ("." and ".." and repeated slashes are folded): a symlink stays the path the user
    /// knows, so a link that later points at a new edition replaces the document read through it.
    /// (Foundation's `standardizingPath` resolves symlinks on Linux, so it is not used.)
    public static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let full = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
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

/// read(2), named apart from `SourceFile.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
}
