import Foundation
import Testing
import TestSupport

/// Requests another website could make through the user's browser: none may change the library or the
/// history, none may read it, and the app's own pages keep working with the form token.
@Suite(.serialized) struct CrossSiteTests {
    let folder = TemporaryFolder()
    let library: String

    init() {
        library = sampleLibrary(folder)
        let second = ManualRunner(library: library).run("ingest", "-q", Fixtures.edge("small.pdf"))
        precondition(second.status == 0, "ingest failed: \(second.stderr)")
    }

    /// The library's files as bytes: the database, its write-ahead log, what the server keeps beside it.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in [library, library + "-wal"] where FileManager.default.fileExists(atPath: path) {
            files[path] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let uploads = library + ".files/uploads"
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: uploads)) ?? [] {
            files[uploads + "/" + name] = try? Data(contentsOf: URL(fileURLWithPath: uploads + "/" + name))
        }
        return files
    }

    let form = ["Content-Type": "application/x-www-form-urlencoded"]

    @Test func everyCrossSiteChangeIsRefusedAndTheLibraryStaysByteIdentical() throws {
        let server = try ServerProcess(library: library)
        let client = server.client
        let before = try snapshot()
        let evil = "http://evil.example"
        let pdf = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        let upload = HTTPClient.multipart(file: pdf, fileName: "small.pdf")

        let refusals: [(String, HTTPClient.Reply)] = [
            ("form remove from another site", try client.send("POST", "/library/2/remove", headers: ["Origin": evil])),
            ("API delete from another site", try client.send("DELETE", "/api/documents/1", headers: ["Origin": evil])),
            ("form upload from another site", try client.send("POST", "/library/upload",
                                                               headers: ["Origin": evil, "Content-Type": upload.contentType], body: upload.body)),
            ("API upload from another site", try client.send("POST", "/api/documents",
                                                              headers: ["Origin": evil, "Content-Type": upload.contentType], body: upload.body)),
            ("rating told by Sec-Fetch-Site", try client.send("POST", "/api/history/1/rating",
                                                               headers: ["Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"],
                                                               body: Data(#"{"rating":"helpful"}"#.utf8))),
            ("login told by Referer", try client.send("POST", "/login", headers: form.merging(["Referer": evil + "/page"]) { $1 },
                                                       body: Data("token=x&next=%2F".utf8))),
            // Another port of this machine is another origin, though browsers call it the same site.
            ("remove from another local port", try client.send("POST", "/library/2/remove",
                                                                 headers: ["Origin": "http://127.0.0.1:\(server.port + 1)"])),
            ("remove from a sandboxed page", try client.send("POST", "/library/2/remove", headers: ["Origin": "null"])),
            ("same-site is not same-origin", try client.send("DELETE", "/api/documents/1", headers: ["Sec-Fetch-Site": "same-site"])),
        ]
        for (what, reply) in refusals {
            #expect(reply.status == 403, "\(what): \(reply.status) \(reply.text.prefix(200))")
        }
        #expect(refusals[1].1.errorCode == "cross_site_request")
        #expect(refusals[1].1.errorMessage?.contains("evil.example") == true)
        // A read from another site is answered (a link to a question works) but leaves no trace in the history.
        let read = try client.get("/api/query?q=tire+pressure", headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(read.status == 200)
        #expect((read.json as? [String: Any])?["queryID"] == nil || (read.json as? [String: Any])?["queryID"] is NSNull)
        #expect(read.headers["access-control-allow-origin"] == nil)
        let page = try client.get("/?q=tire+pressure", headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(page.status == 200)
        #expect(!page.text.contains("class=\"rate\""), "a cross-site ask was recorded: it offers a rating")

        #expect(try snapshot() == before, "a cross-site request changed the library's files")
        let listing = try client.get("/api/documents").json as? [[String: Any]]
        #expect(listing?.count == 2)
        #expect(try client.get("/api/history").json as? [Any] == nil || (try client.get("/api/history").json as? [Any])?.isEmpty == true)
    }

    @Test func aRebindingPageNamesAHostTheServerDoesNotAnswerFor() throws {
        let server = try ServerProcess(library: library)
        let client = server.client
        for path in ["/api/documents", "/api/history", "/", "/library", "/api/documents/1/pages/1.png"] {
            let reply = try client.get(path, headers: ["Host": "evil.example:\(server.port)"])
            #expect(reply.status == 421, "\(path): \(reply.status)")
            #expect(!reply.text.contains("Northwind"), "\(path) gave the library away")
        }
        let api = try client.get("/api/documents", headers: ["Host": "evil.example:\(server.port)"])
        #expect(api.errorCode == "host_not_allowed")
        #expect(try client.send("DELETE", "/api/documents/1", headers: ["Host": "evil.example"]).status == 421)
        #expect(try client.get("/api/status", headers: ["Host": "127.0.0.1.evil.example"]).status == 421)
        // The names that can only mean this machine.
        for host in ["localhost:\(server.port)", "LOCALHOST", "127.0.0.1", "127.1.2.3:\(server.port)", "[::1]:\(server.port)"] {
            #expect(try client.get("/api/status", headers: ["Host": host]).status == 200, "\(host)")
        }
        #expect(try client.get("/api/documents").json as? [Any] != nil)
    }

    @Test func anAllowedHostIsAnswered() throws {
        let server = try ServerProcess(library: library, arguments: ["--allowed-host", "manuals.example.org"])
        #expect(try server.client.get("/api/status", headers: ["Host": "manuals.example.org:\(server.port)"]).status == 200)
        #expect(try server.client.get("/api/status", headers: ["Host": "other.example.org"]).status == 421)
    }

    /// The app's own form works with its token, and only with the token of the same browser.
    @Test func theFormTokenIsBoundToTheBrowser() throws {
        let server = try ServerProcess(library: library)
        let client = server.client
        let own = "http://127.0.0.1:\(server.port)"
        let browser = try BrowserSession(client), other = try BrowserSession(client)
        let (cookie, token) = (browser.cookie, browser.token)
        let (otherCookie, otherToken) = (other.cookie, other.token)
        #expect(cookie != otherCookie && token != otherToken)

        // No token, a wrong token, another browser's token: refused, nothing removed.
        #expect(try client.send("POST", "/library/2/remove", headers: ["Origin": own, "Cookie": cookie]).status == 403)
        #expect(try client.send("POST", "/library/2/remove?csrf=" + String(repeating: "0", count: 64),
                                headers: ["Origin": own, "Cookie": cookie]).status == 403)
        #expect(try client.send("POST", "/library/2/remove?csrf=" + otherToken, headers: ["Origin": own, "Cookie": cookie]).status == 403)
        // A form posted without a browser cookie at all (a page that never loaded ours).
        #expect(try client.send("POST", "/library/2/remove?csrf=" + token).status == 403)
        // An API call from a browser that holds our cookie needs the token too (app.js sends it as a header).
        #expect(try client.send("DELETE", "/api/documents/2", headers: ["Cookie": cookie]).status == 403)
        #expect((try client.get("/api/documents").json as? [Any])?.count == 2)

        let removed = try client.send("POST", "/library/2/remove?csrf=" + token, headers: ["Origin": own, "Cookie": cookie])
        #expect(removed.status == 303, "\(removed.text.prefix(200))")
        #expect((try client.get("/api/documents").json as? [Any])?.count == 1)
        let rated = try client.send("POST", "/api/history/1/rating",
                                    headers: ["Cookie": otherCookie, "X-CSRF-Token": otherToken, "Origin": own,
                                              "Content-Type": "application/json"], body: Data(#"{"rating":"helpful"}"#.utf8))
        #expect(rated.status == 404, "the rating passed the defences and found no question 1: \(rated.text)")
    }

    /// Programs that are not browsers (curl, scripts) use the API as before; with a server token, a
    /// Bearer client needs no form token, but the Host check still applies; the login cookie is Strict.
    @Test func apiClientsAndTokens() throws {
        let plain = try ServerProcess(library: library)
        #expect(try plain.client.send("DELETE", "/api/documents/2").status == 200)
        plain.stop()

        let guarded = try ServerProcess(library: library, arguments: ["--token", "correct horse battery"])
        let bearer = ["Authorization": "Bearer correct horse battery"]
        let own = "http://127.0.0.1:\(guarded.port)"
        #expect(try guarded.client.get("/api/documents", headers: bearer.merging(["Host": "evil.example"]) { $1 }).status == 421)
        #expect(try guarded.client.send("DELETE", "/api/documents/1", headers: bearer.merging(["Origin": evil]) { $1 }).status == 403)
        let loginPage = try guarded.client.get("/login")
        let browser = try BrowserSession(guarded.client, path: "/login")
        #expect(loginPage.status == 200)
        let login = try browser.post("/login", headers: form, body: Data("token=correct+horse+battery&next=%2F".utf8))
        #expect(login.status == 303)
        let setCookie = try #require(login.headers["set-cookie"])
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"), "\(setCookie)")
        #expect(try guarded.client.send("DELETE", "/api/documents/1", headers: bearer.merging(["Origin": own]) { $1 }).status == 200)
    }

    @Test func onlyAnAllowedOriginMayReadTheAPI() throws {
        let closed = try ServerProcess(library: library)
        let plain = try closed.client.get("/api/documents", headers: ["Origin": "http://localhost:3000"])
        #expect(plain.status == 200 && plain.headers["access-control-allow-origin"] == nil)
        closed.stop()

        let open = try ServerProcess(library: library, arguments: ["--allow-origin", "http://localhost:3000"])
        let allowed = try open.client.get("/api/documents", headers: ["Origin": "http://localhost:3000"])
        #expect(allowed.headers["access-control-allow-origin"] == "http://localhost:3000")
        #expect(allowed.headers["vary"] == "Origin")
        let preflight = try open.client.send("OPTIONS", "/api/documents/2", headers: [
            "Origin": "http://localhost:3000", "Access-Control-Request-Method": "DELETE"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-methods"]?.contains("DELETE") == true)
        let other = try open.client.get("/api/documents", headers: ["Origin": "http://localhost:4000"])
        #expect(other.headers["access-control-allow-origin"] == nil)
        #expect(try open.client.send("DELETE", "/api/documents/2", headers: ["Origin": "http://localhost:4000"]).status == 403)
        #expect(try open.client.send("DELETE", "/api/documents/2", headers: ["Origin": "http://localhost:3000"]).status == 200)
    }

    @Test func badOptionsAreRefusedAtStart() {
        let runner = ManualRunner(library: library)
        let origin = runner.run("serve", "--port", "0", "--allow-origin", "localhost:3000/app")
        #expect(origin.status == 64)
        #expect(origin.stderr.contains("--allow-origin"))
        let host = runner.run("serve", "--port", "0", "--allowed-host", "http://x/")
        #expect(host.status == 64)
        #expect(host.stderr.contains("--allowed-host"))
    }

    let evil = "http://evil.example"
}
