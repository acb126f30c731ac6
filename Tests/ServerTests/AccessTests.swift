import Foundation
import ManualKit
import Testing
import TestSupport

/// Who may use the server and how it starts and stops.
@Suite(.serialized) struct AccessTests {
    let folder = TemporaryFolder()
    let library: String

    init() {
        library = sampleLibrary(folder)
    }

    @Test func tokenIsRequiredWhenGiven() throws {
        let server = try ServerProcess(library: library, arguments: ["--token", "correct horse battery"])
        let refused = try server.client.get("/api/status")
        #expect(refused.status == 401)
        #expect(refused.errorCode == "unauthorized")
        #expect(try server.client.get("/api/status", headers: ["Authorization": "Bearer wrong horse battery"]).status == 401)
        #expect(try server.client.get("/api/status", headers: ["Authorization": "Bearer correct horse battery"]).status == 200)
        // A browser is sent to the login page, which sets an HttpOnly cookie once the token is right.
        let page = try server.client.get("/history")
        #expect(page.status == 303)
        #expect(page.headers["location"]?.hasPrefix("/login") == true)
        #expect(try server.client.get("/static/app.css").status == 200)
        let browser = try BrowserSession(server.client, path: "/login")
        let wrong = try browser.post("/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                     body: Data("token=nope&next=%2Fhistory".utf8))
        #expect(wrong.status == 401)
        let login = try browser.post("/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                     body: Data("token=correct+horse+battery&next=%2Fhistory".utf8))
        #expect(login.status == 303)
        #expect(login.headers["location"] == "/history")
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly"))
        let pair = String(cookie.split(separator: ";")[0])
        #expect(try server.client.get("/history", headers: ["Cookie": pair]).status == 200)
        // The login page never sends the browser to another site.
        let away = try browser.post("/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                    body: Data("token=correct+horse+battery&next=%2F%2Fevil.example".utf8))
        #expect(away.headers["location"] == "/")
    }

    @Test func nonLoopbackNeedsAToken() {
        let result = ManualRunner(library: library).run("serve", "--host", "0.0.0.0", "--port", "0")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--token"))
    }

    @Test func portInUseIsAClearError() throws {
        let first = try ServerProcess(library: library)
        let second = ManualRunner(library: library).run("serve", "--port", String(first.port))
        #expect(second.status == 42, "\(second.stderr)")
        #expect(second.stderr == "manual: 127.0.0.1:\(first.port): the port is in use by another program; choose another with --port\n")
        #expect(try first.client.get("/api/status").status == 200)
    }

    @Test func sigtermStopsItCleanly() throws {
        let server = try ServerProcess(library: library)
        #expect(try server.client.get("/api/status").status == 200)
        let ended = server.stop()
        #expect(ended.exitCode == 0, "\(ended)")
        #expect(!ended.timedOut)
        #expect(ended.stderr.isEmpty, "\(ended.stderr)")
    }

    /// SIGTERM while an upload is being read: the server finishes what is in flight and exits 0, and
    /// the library holds the new manual whole or not at all.
    @Test func sigtermDuringAnUploadLeavesTheLibraryWhole() throws {
        let server = try ServerProcess(library: library)
        let client = server.client
        let pdf = generatedManual(pages: 300, linesPerPage: 30, seed: 21).data()
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reply: HTTPClient.Reply?  // written by the upload thread before it signals, read after the wait
        Thread {
            reply = try? client.send("POST", "/api/documents?filename=big.pdf", headers: ["Content-Type": "application/pdf"], body: pdf)
            finished.signal()
        }.start()
        usleep(300_000)
        // The server finishes ingesting the 300-page upload before it exits. Under ThreadSanitizer, beside 17 other
        // tests on two cores, that once took longer than the 30 s other stops are given (CI, thirty-second session).
        let ended = server.stop(timeout: 180)
        finished.wait()
        #expect(ended.exitCode == 0, "\(ended)")
        #expect(LibraryAudit.problems(library).isEmpty, "\(LibraryAudit.problems(library))")
        let listed = ManualRunner(library: library).run("list", "--json").stdout
        if reply?.status == 201 {
            #expect(listed.contains("big.pdf"), "an upload answered 201 is in the library")
        } else {
            #expect(!listed.contains("big.pdf") || reply == nil)
        }
    }
}
