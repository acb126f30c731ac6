internal import CPoppler
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PDF file hashed on disk: its sha256, where it is, and which file it was, so that the file
/// poppler parses afterwards can be checked to be the very one hashed.
///
/// The bytes of a file up to `inMemoryLimit` are kept and parsed from memory, which is fastest;
/// a larger one (a 200 MB manual full of photographs) poppler reads from disk itself, so that it
/// never sits in memory whole.
public struct SourceFile: Sendable {
    /// Absolute, standardised path (the identity of "the same file" across runs).
    public var path: String
    public var fileName: String
    /// Lowercase hex sha256 of the file: the identity of a document.
    public var sha256: String
    public var modified: Double?
    public var byteSize: Int64
    /// The file that was hashed; nil for a document rebuilt from its stored text.
    var identity: FileIdentity?
    /// Whether a `%PDF-` header is in the first kilobyte, where readers accept it.
    var hasPDFHeader = true
    /// The file's bytes, when it is small enough to keep them.
    var bytes: Data?
    /// Whether the file's `startxref` points at its cross-reference table (`CrossReferenceCheck`); when it
    /// does not, poppler rebuilds the table by scanning the file. True for a document rebuilt from stored text.
    var crossReferenceIntact = true

    /// Largest file whose bytes are kept in memory: poppler reads a file on disk in 256-byte
    /// pieces, which costs about 6 % of an ingest, but a larger file would cost its size in memory.
    static let inMemoryLimit = 16 << 20

    public init(path: String, fileName: String, sha256: String, modified: Double?, byteSize: Int64) {
        self.path = path
        self.fileName = fileName
        self.sha256 = sha256
        self.modified = modified
        self.byteSize = byteSize
    }

    /// Reads `path` to hash it, reporting a missing, unreadable or empty file as the error a user can act on.
    ///
    /// The file is opened read-only and never written. Size and modification time come from the open
    /// file, before and after reading: a file that changes while it is read (still downloading, being
    /// copied over) is read again, and reported after a few tries. `PDFDocument(source:)` opens the same
    /// file again and checks it is unchanged, and the ingest checks once more when it is done, so the
    /// bytes hashed, parsed and stored always belong together and `reindex --changed` sees any later change.
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

    /// Why an ingest stops when the file it parsed is no longer the file it hashed.
    static let changedReason = "the file changed while it was being processed; try again when it is complete"

    /// Throws unless the file at `path` is still the one that was hashed (same device, inode, size
    /// and modification time). A document rebuilt from stored text has nothing to check.
    func checkUnchanged(displayPath: String) throws(IngestError) {
        guard let identity else { return }
        var now = stat()
        guard stat(path, &now) == 0, FileIdentity(now) == identity else {
            throw .unreadable(path: displayPath, reason: SourceFile.changedReason)
        }
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
        // SHA-256 through GLib, which poppler already links: no extra dependency for one hash.
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var head: [UInt8] = []
        var tail: [UInt8] = []
        var total = 0
        var kept: Data? = before.st_size <= SourceFile.inMemoryLimit ? Data(capacity: Int(before.st_size)) : nil
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n < 0 { throw .unreadable(path: path, reason: "cannot read the file (\(String(cString: strerror(errno))))") }
            if n == 0 { break }
            if head.count < PDFDocument.headerWindow { head += buffer.prefix(min(n, PDFDocument.headerWindow - head.count)) }
            buffer.withUnsafeBytes { g_checksum_update(checksum, $0.baseAddress!.assumingMemoryBound(to: guchar.self), n) }
            kept?.append(contentsOf: buffer.prefix(n))
            tail = n >= CrossReferenceCheck.tailLength ? Array(buffer[(n - CrossReferenceCheck.tailLength)..<n])
                : Array((tail + buffer.prefix(n)).suffix(CrossReferenceCheck.tailLength))
            total += n
        }
        var after = stat()
        guard fstat(fd, &after) == 0 else { throw .unreadable(path: path, reason: "cannot read the file") }
        if total != Int(before.st_size) || FileIdentity(after) != FileIdentity(before) {
            return .changed("\(before.st_size) bytes, then \(after.st_size)")
        }
        // Replaced by rename while open: the bytes are complete but no longer what the path names.
        var now = stat()
        if stat(absolute, &now) == 0, now.st_ino != before.st_ino || now.st_dev != before.st_dev {
            return .changed("replaced by another file")
        }
        guard total > 0 else { throw .emptyFile(path: path) }
        let modified = Double(before.st_mtim.tv_sec) + Double(before.st_mtim.tv_nsec) / 1e9
        var file = SourceFile(path: absolute, fileName: (absolute as NSString).lastPathComponent,
                              sha256: String(cString: g_checksum_get_string(checksum)), modified: modified,
                              byteSize: Int64(total))
        file.identity = FileIdentity(before)
        let headerOffset = PDFDocument.headerOffset(head)
        file.hasPDFHeader = headerOffset != nil
        file.crossReferenceIntact = CrossReferenceCheck.isIntact(tail: tail, fileSize: total, headerOffset: headerOffset ?? 0) {
            offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, off_t(offset)) }
            return n > 0 ? Array(bytes.prefix(n)) : nil
        }
        file.bytes = kept
        return .read(file)
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

}

/// Which file on disk, as of when: device, inode, size and modification time.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// read(2), named apart from `SourceFile.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
}
