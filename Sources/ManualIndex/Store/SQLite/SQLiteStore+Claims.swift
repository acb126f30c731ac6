import CProcess
import Foundation

/// Claims on batch jobs (`--shard i/n`): a lock on one byte of the file `<library>.jobs`, at an offset
/// named by the job, held by this store's open file description. The kernel drops it when the store is
/// closed or its process ends in any way (SIGKILL included), so a claim never outlives its holder and
/// never needs clearing by hand. The file stays empty; it is made beside the library, private to its owner.
extension SQLiteStore {
    public func claimJob(_ name: String) throws(StoreError) {
        let file = try jobClaimFile()
        // 60 bits of the name's sha256: distinct jobs never share a byte in practice.
        let offset = Int64(UInt64(SHA256Text.hex(name).prefix(15), radix: 16) ?? 0)
        guard manual_try_lock_byte(file, offset) != 0 else { return }
        let code = errno
        if code == EAGAIN || code == EACCES { throw .jobRunning(path: path, job: name) }
        throw .cannotCreate(path: path + ".jobs", reason: String(cString: strerror(code)))
    }

    /// The descriptor of `<library>.jobs`, opened (and created, 0600) on the first claim.
    private func jobClaimFile() throws(StoreError) -> Int32 {
        if claimFile >= 0 { return claimFile }
        let name = path + ".jobs"
        let fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case EACCES, EPERM, EROFS: throw .readOnly(path: path)
            default: throw .cannotCreate(path: name, reason: String(cString: strerror(code)))
            }
        }
        claimFile = fd
        return fd
    }
}
