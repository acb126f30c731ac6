import Foundation
import Hummingbird
import ManualKit

/// The token that guards a server bound beyond loopback. A request carries it as
/// `Authorization: Bearer TOKEN`, or in the HttpOnly cookie the login page sets once.
struct AccessToken: Sendable {
    let value: String

    static let cookieName = "manual_token"

    /// What the login cookie holds: the token's sha256, never the token itself (and always characters a
    /// cookie may carry, whatever the token is made of).
    var cookieValue: String { SHA256Text.hex("manual-cookie|" + value) }

    /// Whether `request` carries the token. Compared in constant time, so response timing does not
    /// reveal how much of a guess was right.
    func admits(_ request: Request) -> Bool {
        if admitsBearer(request) { return true }
        if let cookie = request.cookies[AccessToken.cookieName], AccessToken.equal(cookie.value, cookieValue) {
            return true
        }
        return false
    }

    /// Whether `request` carries the token as `Authorization: Bearer`: an API client, not a browser form.
    func admitsBearer(_ request: Request) -> Bool {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return false }
        return AccessToken.equal(String(header.dropFirst(7)), value)
    }

    /// Constant-time comparison: every byte is looked at whatever the first difference.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
