import Foundation
import Hummingbird
import HTTPTypes

/// Other origins the user lets call the API from their pages (`--allow-origin`): their requests pass
/// the cross-site check and their responses carry `Access-Control-Allow-Origin`. Empty by default, and
/// then no response carries that header, so no other page can read anything.
struct AllowedOrigins: Sendable {
    let origins: Set<String>

    init(_ origins: [String]) {
        self.origins = Set(origins.map(AllowedOrigins.normalised))
    }

    /// An origin as browsers send it: lowercased, without a trailing slash.
    static func normalised(_ origin: String) -> String {
        var origin = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while origin.hasSuffix("/") { origin.removeLast() }
        return origin
    }

    /// Whether `text` is an origin a browser could send: `http(s)://host[:port]`, nothing after it.
    static func isOrigin(_ text: String) -> Bool {
        let origin = normalised(text)
        guard let authority = RequestSite.authority(of: origin) else { return false }
        let scheme = origin.hasPrefix("https://") ? "https://" : "http://"
        let rest = origin.dropFirst(scheme.count)
        return !rest.contains("/") && !rest.contains("?") && !rest.contains("#") && !authority.isEmpty
    }

    /// The allowed origin a request names, if any.
    func allowed(_ request: Request) -> String? {
        guard !origins.isEmpty, let origin = request.headers[.origin] else { return nil }
        let normalised = AllowedOrigins.normalised(origin)
        return origins.contains(normalised) ? normalised : nil
    }

    /// Adds the headers that let an allowed origin read `response`.
    func decorate(_ response: inout Response, for request: Request) {
        guard let origin = allowed(request) else { return }
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
    }

    /// The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed
    /// origin; nil when the request is no such preflight.
    func preflight(_ request: Request) -> Response? {
        guard request.method == .options, allowed(request) != nil,
              request.headers[.accessControlRequestMethod] != nil else { return nil }
        var response = Response(status: .noContent)
        response.headers[.accessControlAllowMethods] = "GET, POST, DELETE"
        response.headers[.accessControlAllowHeaders] = "Authorization, Content-Type"
        response.headers[.accessControlMaxAge] = "600"
        decorate(&response, for: request)
        return response
    }
}
