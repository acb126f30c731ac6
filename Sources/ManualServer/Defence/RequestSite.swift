import Foundation

/// Where a request comes from, as a browser tells it: `Origin` first, then `Sec-Fetch-Site`, then
/// `Referer`. Browsers send at least one of them on every request a page makes, so a request with none
/// comes from a program (curl, a script) or from the user typing an address.
///
/// Origins, not sites, are compared: a page on another port of this machine (`localhost:3000`) is
/// another origin and may not change the library, though browsers call it the same site.
enum RequestSite: Equatable, Sendable {
    /// From this server's own pages, or from an origin the user allowed with `--allow-origin`.
    case sameOrigin
    /// No browser said where it came from: a program, a typed address, a bookmark.
    case direct
    /// From another origin's page; the value names the header that said so, for the refusal.
    case crossSite(String)

    /// The request's origin as its headers give it. `host` is the request's `Host` (with its port).
    static func of(origin: String?, fetchSite: String?, referer: String?, host: String?,
                   allowedOrigins: Set<String>) -> RequestSite {
        let own = host.map { $0.lowercased() }
        if let origin {
            let normalised = AllowedOrigins.normalised(origin)
            if allowedOrigins.contains(normalised) { return .sameOrigin }
            return own != nil && authority(of: normalised) == own ? .sameOrigin : .crossSite("Origin: \(origin.prefix(100))")
        }
        if let fetchSite {
            switch fetchSite.lowercased() {
            case "same-origin": return .sameOrigin
            case "none": return .direct
            default: return .crossSite("Sec-Fetch-Site: \(fetchSite.prefix(40))")
            }
        }
        if let referer {
            return own != nil && authority(of: referer.lowercased()) == own ? .sameOrigin : .crossSite("Referer: \(referer.prefix(100))")
        }
        return .direct
    }

    /// `host[:port]` of an absolute http(s) URL, lowercased; nil for anything else (`null`, a path,
    /// another scheme). The scheme is not compared, so a TLS proxy in front of the server still matches.
    static func authority(of url: String) -> String? {
        let lower = url.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            let rest = lower.dropFirst(scheme.count)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<end]
            // Userinfo ("http://localhost@evil.example") would hide the real host: never the server's own.
            guard !authority.isEmpty, !authority.contains("@") else { return nil }
            let defaultPort = scheme == "http://" ? ":80" : ":443"
            return authority.hasSuffix(defaultPort) ? String(authority.dropLast(defaultPort.count)) : String(authority)
        }
        return nil
    }

    var isCrossSite: Bool {
        if case .crossSite = self { return true }
        return false
    }
}
