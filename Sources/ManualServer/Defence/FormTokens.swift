import Foundation
import Hummingbird
import HTTPTypes
import ManualKit

/// The token that every change made from a browser carries (a "signed double-submit cookie"): the
/// browser holds a random id in a cookie, and the server's pages put `token(for: id)` into each form's
/// action (`?csrf=…`) and into a `<meta name="csrf-token">` that `app.js` sends as `X-CSRF-Token`.
///
/// Another page cannot read our pages, so it cannot learn the token; a page on another port of this
/// machine can set cookies for `localhost`, but without the per-start secret it cannot make the token
/// that matches a cookie it set. The secret lives only in this process: a form rendered before a restart
/// is refused and works again once the page is reloaded.
struct FormTokens: Sendable {
    static let cookieName = "manual_csrf"
    static let queryName = "csrf"
    static let headerName = HTTPField.Name("X-CSRF-Token")!

    private let secret: String

    init(secret: String = FormTokens.randomHex()) {
        self.secret = secret
    }

    /// The token for a browser id. The id is hashed with the secret, so it cannot be derived without it.
    func token(for browserID: String) -> String {
        SHA256Text.hex("manual-form-token|" + secret + "|" + browserID)
    }

    /// The browser's id from its cookie, when it has a well-formed one.
    static func browserID(_ request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, value.count == 64,
              value.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return value
    }

    /// Whether `request` carries the token that matches its browser id, in the header or the query.
    func admits(_ request: Request, browserID: String?, query: [String: String]) -> Bool {
        guard let browserID, let given = request.headers[FormTokens.headerName] ?? query[FormTokens.queryName] else { return false }
        return AccessToken.equal(given, token(for: browserID))
    }

    /// The cookie that gives a browser its id. `Lax`, so that following a link from another site sends
    /// it and no new id replaces the one the browser's other tabs use; it authorises nothing by itself.
    static func cookie(_ browserID: String) -> Cookie {
        Cookie(name: cookieName, value: browserID, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// 32 random bytes as hex, from the system's cryptographic generator.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
