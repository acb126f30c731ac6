import Foundation
import Testing

/// What a browser holds after loading one of the server's pages: the cookie the server gave it and the
/// form token the page carries. Its requests send both, from the server's own origin, as the app does.
struct BrowserSession {
    let client: HTTPClient
    let cookie: String
    let token: String

    /// Loads `path` as a browser's first visit and reads the cookie and the page's token.
    init(_ client: HTTPClient, path: String = "/library") throws {
        self.client = client
        let page = try client.get(path)
        let setCookie = try #require(page.headers["set-cookie"], "\(path) set no cookie")
        #expect(setCookie.contains("HttpOnly"))
        cookie = String(setCookie.split(separator: ";")[0])
        let prefix = #"<meta name="csrf-token" content=""#
        let match = try #require(page.text.range(of: prefix + #"[0-9a-f]{64}">"#, options: .regularExpression), "\(path) has no form token")
        token = String(page.text[match].dropFirst(prefix.count).prefix(64))
        #expect(page.text.contains("csrf=" + token), "the page's forms do not carry its token")
    }

    /// A form post as the page's form sends it: the token in the action, the cookie, our own Origin.
    func post(_ path: String, headers: [String: String] = [:], body: Data = Data()) throws -> HTTPClient.Reply {
        let action = path + (path.contains("?") ? "&" : "?") + "csrf=" + token
        return try client.send("POST", action, headers: headers.merging(["Cookie": cookie, "Origin": "http://127.0.0.1:\(client.port)"]) { $1 },
                               body: body)
    }
}
