import Foundation
import ManualKit

/// Drawn pages kept on disk beside the library (`LIBRARY.files/pages/`), named by the document's bytes,
/// the page, the width and the highlight, so a page is drawn once however often it is opened. The folder
/// is kept under `limit` bytes by removing the pages used longest ago.
// @unchecked Sendable: `size` is read and written only while `lock` is held (an `NSLock`, which
// ThreadSanitizer follows).
final class PageImageCache: @unchecked Sendable {
    let folder: String
    let limit: Int
    private let lock = NSLock()
    private var size: Int

    init(folder: String, limit: Int) throws {
        self.folder = folder
        self.limit = limit
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        size = PageImageCache.entries(in: folder).reduce(0) { $0 + $1.size }
    }

    static func key(documentSHA256: String, _ request: PageImageRequest) -> String {
        SHA256Text.hex("\(documentSHA256)|\(request.page)|\(request.width)|\(request.highlight ?? "")")
    }

    /// The cached PNG, or nil. A hit touches the file so it is evicted last.
    func get(_ key: String) -> [UInt8]? {
        let path = folder + "/" + key + ".png"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        utimes(path, nil)
        return [UInt8](data)
    }

    func put(_ key: String, _ png: [UInt8]) {
        let path = folder + "/" + key + ".png"
        let temporary = path + ".\(UUID().uuidString).part"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(png), attributes: [.posixPermissions: 0o600]),
              rename(temporary, path) == 0 else {
            unlink(temporary)
            return  // a full disk only costs the next request a fresh drawing
        }
        let total = lock.withLock { size += png.count; return size }
        if total > limit { evict() }
    }

    /// Removes the least recently used pages until the folder is at three quarters of the limit.
    private func evict() {
        var entries = PageImageCache.entries(in: folder).sorted { $0.used < $1.used }
        var total = entries.reduce(0) { $0 + $1.size }
        while total > limit * 3 / 4, !entries.isEmpty {
            let oldest = entries.removeFirst()
            if unlink(folder + "/" + oldest.name) == 0 { total -= oldest.size }
        }
        lock.withLock { size = total }
    }

    private static func entries(in folder: String) -> [(name: String, size: Int, used: Double)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".png") }.compactMap { name in
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0 else { return nil }
            return (name, Int(info.st_size), Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
    }
}
