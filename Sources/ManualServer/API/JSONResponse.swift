import Foundation
import Hummingbird
import ManualKit

/// JSON responses in the same stable form the CLI prints (sorted keys), so the API and `--json` agree
/// byte for byte.
enum JSONResponse {
    static func make<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, pretty: Bool = true) -> Response {
        bytes(Array((StableJSON.string(value, pretty: pretty) + "\n").utf8), status: status)
    }

    static func bytes(_ body: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status,
                 headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
