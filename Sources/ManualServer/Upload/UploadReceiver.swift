import Foundation
import Hummingbird

/// Streams a request body to a private file beside the library, never holding it in memory, and stops
/// at the size limit (413) without reading the rest.
struct UploadReceiver {
    let folder: String
    let limit: Int

    /// The path of the received body; the caller deletes it.
    func receive(_ request: Request) async throws -> String {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw UploadReceiver.tooLarge(limit)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = folder + "/upload-\(UUID().uuidString)"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw HTTPProblem(status: .insufficientStorageOrServerError, code: "cannot_store",
                              message: "cannot store the upload (\(String(cString: strerror(errno))))")
        }
        var received = 0
        do {
            defer { close(fd) }
            for try await buffer in request.body {
                received += buffer.readableBytes
                if received > limit { throw UploadReceiver.tooLarge(limit) }
                try buffer.withUnsafeReadableBytes { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                        if n < 0 && errno == EINTR { continue }
                        guard n > 0 else {
                            throw HTTPProblem(status: .insufficientStorageOrServerError, code: "disk_full",
                                              message: "cannot store the upload (\(String(cString: strerror(errno))))")
                        }
                        offset += n
                    }
                }
            }
        } catch {
            unlink(path)
            throw error
        }
        return path
    }

    static func tooLarge(_ limit: Int) -> HTTPProblem {
        HTTPProblem(status: .contentTooLarge, code: "too_large",
                    message: "the upload is larger than this server's limit of \(limit >> 20) MB")
    }
}

extension HTTPResponse.Status {
    /// 507: the disk beside the library is full.
    static let insufficientStorageOrServerError = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
