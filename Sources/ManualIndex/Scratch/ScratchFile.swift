import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why temporary storage for a document being processed failed (a full or read-only temporary folder).
public struct ScratchError: Error, Equatable, Sendable {
    /// The system's description of the failure.
    public var reason: String

    init(errno code: Int32) {
        reason = String(cString: strerror(code))
    }

    init(reason: String) {
        self.reason = reason
    }
}

/// Length-prefixed records, written once in order and then read in order: in memory while they
/// are few, in an unlinked temporary file once they pass `memoryLimit` bytes.
///
/// A long document's processed pages and chunks go here as they are made, so neither the worker
/// nor the writer ever holds a whole document. The file has no name from the moment it is made,
/// so nothing is left behind whatever ends the process; a short document never touches the disk.
// @unchecked Sendable: owned by one thread at a time (its ProcessedParts' owner); see ProcessedParts.
package final class ScratchFile: @unchecked Sendable {
    private var descriptor: Int32 = -1
    /// Records not yet written out; all of them while there is no file.
    private var pending: [UInt8] = []
    private var length: Int64 = 0
    /// How many records were appended.
    package private(set) var count = 0

    /// Bytes kept in memory before the records move to a file.
    static let memoryLimit = 1 << 20
    private static let flushSize = 1 << 16

    package init() {}

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Appends one record.
    package func append(_ record: ScratchRecord) throws(ScratchError) {
        var size = UInt32(record.bytes.count).littleEndian
        withUnsafeBytes(of: &size) { pending.append(contentsOf: $0) }
        pending.append(contentsOf: record.bytes)
        count += 1
        if descriptor < 0 ? pending.count > ScratchFile.memoryLimit : pending.count >= ScratchFile.flushSize {
            try flush()
        }
    }

    /// Writes out what is buffered, making the file first if there is none.
    private func flush() throws(ScratchError) {
        if descriptor < 0 { descriptor = try ScratchFile.makeFile() }
        var offset = 0
        while offset < pending.count {
            let written = pending.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(length))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ScratchError(errno: errno)
            }
            offset += written
            length += Int64(written)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// A new, empty, unnamed file in `$TMPDIR` (else /tmp).
    private static func makeFile() throws(ScratchError) -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/manual-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ScratchError(errno: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }

    /// A cursor over the records from the first.
    package func records() throws(ScratchError) -> Cursor {
        if descriptor < 0 { return Cursor(memory: pending, count: count) }
        try flush()
        return Cursor(descriptor: descriptor, count: count)
    }

    /// Reads a scratch file's records in order, through a buffer of its own.
    package struct Cursor {
        fileprivate let descriptor: Int32
        fileprivate let count: Int
        private var read = 0
        private var buffer = [UInt8](repeating: 0, count: ScratchFile.flushSize)
        private var start = 0, end = 0  // the unread bytes in `buffer`
        private var position: Int64 = 0  // file offset just past `buffer`'s bytes

        fileprivate init(descriptor: Int32, count: Int) {
            self.descriptor = descriptor
            self.count = count
        }

        /// A cursor over records that never left memory.
        fileprivate init(memory: [UInt8], count: Int) {
            descriptor = -1
            self.count = count
            buffer = memory
            end = memory.count
        }

        /// The next record, or nil after the last.
        package mutating func next() throws(ScratchError) -> ScratchRecord.Reader? {
            guard read < count else { return nil }
            read += 1
            if end - start < 4 { try fill(atLeast: 4) }
            let size = buffer.withUnsafeBytes { [start] in
                Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
            }
            start += 4
            if end - start < size { try fill(atLeast: size) }
            defer { start += size }
            return ScratchRecord.Reader(bytes: buffer[start..<start + size])
        }

        private mutating func fill(atLeast needed: Int) throws(ScratchError) {
            if start > 0 {
                let kept = end - start
                buffer.withUnsafeMutableBytes { [start] raw in
                    _ = memmove(raw.baseAddress!, raw.baseAddress! + start, kept)
                }
                end = kept
                start = 0
            }
            if buffer.count < needed { buffer += [UInt8](repeating: 0, count: needed - buffer.count) }
            while end < needed {
                guard descriptor >= 0 else { throw ScratchError(reason: "scratch records ended early") }
                let got = buffer.withUnsafeMutableBytes { [end, position, descriptor] in
                    pread(descriptor, $0.baseAddress! + end, $0.count - end, off_t(position))
                }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw ScratchError(errno: errno)
                }
                if got == 0 { throw ScratchError(reason: "scratch file ended early") }
                end += got
                position += Int64(got)
            }
        }
    }
}
