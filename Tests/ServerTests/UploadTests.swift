import Foundation
import ManualKit
import Testing
import TestSupport

/// Uploads and removals over HTTP: the same ingest path and messages as `manual ingest`, statuses from
/// its exit codes, and a library left as it was by every refused upload.
@Suite(.serialized) struct UploadTests {
    let folder = TemporaryFolder()
    let library: String

    init() {
        library = sampleLibrary(folder)
    }

    private func upload(_ client: HTTPClient, _ path: String, name: String? = nil, fields: [String: String] = [:]) throws -> HTTPClient.Reply {
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        let form = HTTPClient.multipart(file: file, fileName: name ?? (path as NSString).lastPathComponent, fields: fields)
        return try client.send("POST", "/api/documents", headers: ["Content-Type": form.contentType], body: form.body)
    }

    @Test func addThenUnchangedThenRemove() throws {
        let server = try ServerProcess(library: library)
        let added = try upload(server.client, Fixtures.edge("small.pdf"), name: "kettle.pdf",
                               fields: ["make": "Aurora", "model": "K2", "year": "2021", "title": "Aurora K2 Kettle"])
        #expect(added.status == 201, "\(added.text)")
        let line = try #require(added.json as? [String: Any])
        #expect(line["outcome"] as? String == "added")
        #expect(line["title"] as? String == "Aurora K2 Kettle")
        let id = try #require(line["documentID"] as? Int)
        let stored = ManualRunner(library: library).run("show", String(id), "--json")
        #expect(stored.stdout.contains("\"make\" : \"Aurora\""))
        #expect(stored.stdout.contains(".files/uploads/"), "the upload is kept beside the library")

        let again = try upload(server.client, Fixtures.edge("small.pdf"), name: "kettle.pdf")
        #expect(again.status == 200)
        #expect((again.json as? [String: Any])?["outcome"] as? String == "unchanged")

        // The new manual answers at once, and its page can be drawn from the kept upload.
        #expect(try server.client.get("/api/documents/\(id)/pages/1.png").status == 200)

        let removed = try server.client.send("DELETE", "/api/documents/\(id)")
        #expect(removed.status == 200)
        #expect(try server.client.send("DELETE", "/api/documents/\(id)").status == 404)
        #expect(try server.client.get("/api/documents/\(id)").status == 404)
        let uploads = library + ".files/uploads"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).isEmpty, "the removed upload's file is gone")
    }

    @Test func everyBadPDFIsRefusedWithTheCLIsMessageAndTheLibraryUnchanged() throws {
        let server = try ServerProcess(library: library)
        let before = fileDigest(library)
        let cases: [(String, String)] = [("not-a-pdf.pdf", "not_a_pdf"), ("empty.pdf", "empty_file"), ("truncated.pdf", "damaged_pdf"),
                                         ("encrypted.pdf", "password_required")]
        for (name, code) in cases {
            let reply = try upload(server.client, Fixtures.edge(name))
            #expect(reply.status == 422, "\(name): \(reply.status) \(reply.text)")
            #expect(reply.errorCode == code, "\(name): \(reply.text)")
            let message = try #require(reply.errorMessage)
            #expect(message.contains(name), "the message names the file: \(message)")
            #expect(!message.contains("\n"))
        }
        #expect(try (server.client.get("/api/documents").json as? [Any])?.count == 1)
        server.stop()
        #expect(fileDigest(library) == before || ManualRunner(library: library).run("list", "--json").stdout.components(separatedBy: "\"id\"").count == 2)
        let uploads = library + ".files/uploads"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).isEmpty, "refused uploads are not kept")
    }

    /// A scan uploaded through the server is read by OCR in the workers, as `manual ingest` reads it.
    @Test func aScannedUploadIsOCRd() throws {
        let server = try ServerProcess(library: library)
        let reply = try upload(server.client, Fixtures.edge("scanned.pdf"))
        #expect(reply.status == 201, "\(reply.text)")
        let line = try #require(reply.json as? [String: Any])
        #expect((line["ocrPages"] as? Int ?? 0) > 0, "\(reply.text)")
        // With OCR switched off the same scan is the documented no-text error.
        // An empty library of its own (only `manual ingest` creates one; the server needs one there).
        _ = try ManualLibrary(path: folder.path("other.sqlite"))
        let off = try ServerProcess(library: folder.path("other.sqlite"), arguments: ["--ocr", "never"])
        let refused = try upload(off.client, Fixtures.edge("scanned.pdf"))
        #expect(refused.status == 422)
        #expect(refused.errorCode == "no_text")
    }

    @Test func anUploadIsIngestedAtALowerPriorityThanQuestions() throws {
        // A scan, so its worker runs for seconds: the worker the upload starts runs at nice 10 (or the
        // server's own, if nicer); the server itself, whose readers answer questions, keeps its own.
        let own = try #require(ProcessPriority.nice("self"))
        let server = try ServerProcess(library: library)
        let (added, workers) = try ProcessPriority.childrenNice(of: server.child.pid) {
            try upload(server.client, Fixtures.scanned("sample-scan.pdf"))
        }
        #expect(added.status == 201, "\(added.text)")
        #expect(workers == [max(own, 10)], "\(workers)")
        #expect(ProcessPriority.nice("\(server.child.pid)") == own)
    }

    @Test func oversizedUploadIs413AndMalformedFormsAre400() throws {
        let server = try ServerProcess(library: library, arguments: ["--upload-limit", "1M"])
        var big = try Data(contentsOf: URL(fileURLWithPath: Fixtures.sampleManual))
        while big.count < 2 << 20 { big.append(big) }
        let form = HTTPClient.multipart(file: big, fileName: "big.pdf")
        let reply = try server.client.send("POST", "/api/documents", headers: ["Content-Type": form.contentType], body: form.body)
        #expect(reply.status == 413, "\(reply.text)")
        #expect(reply.errorCode == "too_large")

        let noFile = try server.client.send("POST", "/api/documents", headers: ["Content-Type": "multipart/form-data; boundary=x"],
                                            body: Data("--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nA\r\n--x--\r\n".utf8))
        #expect(noFile.status == 400)
        #expect(noFile.errorCode == "no_file")
        let text = try server.client.send("POST", "/api/documents", headers: ["Content-Type": "text/plain"], body: Data("hello".utf8))
        #expect(text.status == 415)
        let year = try upload(server.client, Fixtures.edge("small.pdf"), fields: ["year": "last"])
        #expect(year.status == 400)
        // The server goes on answering after all of that.
        #expect(try server.client.get("/api/query?q=tire%20pressure").status == 200)
    }

    @Test func anEncryptedPDFWithItsPasswordIsAdded() throws {
        let server = try ServerProcess(library: library)
        let reply = try upload(server.client, Fixtures.edge("encrypted.pdf"), fields: ["password": "tern-secret"])
        #expect(reply.status == 201, "\(reply.text)")
    }

    @Test func rawPDFBodyWorksToo() throws {
        let server = try ServerProcess(library: library)
        let body = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        let reply = try server.client.send("POST", "/api/documents?filename=kettle.pdf&make=Aurora", headers: ["Content-Type": "application/pdf"], body: body)
        #expect(reply.status == 201, "\(reply.text)")
        #expect((reply.json as? [String: Any])?["file"] as? String == "kettle.pdf")
    }

    @Test func readOnlyServerRefusesWrites() throws {
        let server = try ServerProcess(library: library, arguments: ["--read-only"])
        let reply = try upload(server.client, Fixtures.edge("small.pdf"))
        #expect(reply.status == 403)
        #expect(reply.errorCode == "read_only")
        #expect(try server.client.send("DELETE", "/api/documents/1").status == 403)
        #expect(try server.client.get("/api/documents/1").status == 200)
        #expect(!(try server.client.get("/library").text.contains("enctype=\"multipart/form-data\"")), "no upload form when read-only")
    }

    /// Issue 18: a hostile upload costs its own request, within its page budget, while questions go on
    /// being answered by the read connections.
    @Test func hostileUploadIsRefusedWhileQueriesAreAnswered() throws {
        let server = try ServerProcess(library: library, arguments: ["--page-timeout", "1"])
        let hostile = Fixtures.root.appendingPathComponent("hostile/overlapping-words.pdf").path
        let client = server.client
        let started = Date()
        let uploadDone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reply: HTTPClient.Reply?  // written by the upload thread before it signals, read after the wait
        Thread {
            reply = try? self.upload(client, hostile)
            uploadDone.signal()
        }.start()
        var answered = 0
        while uploadDone.wait(timeout: .now()) == .timedOut {
            let query = try client.get("/api/query?q=tire%20pressure")
            #expect(query.status == 200)
            answered += 1
        }
        let seconds = Date().timeIntervalSince(started)
        let result = try #require(reply)
        #expect(result.status == 422, "\(result.text)")
        #expect(result.errorMessage?.contains("took longer than 1 s") == true, "\(result.text)")
        #expect(answered >= 1, "questions were answered while the upload was read")
        #expect(seconds < 20)
        #expect(try (client.get("/api/documents").json as? [Any])?.count == 1)
    }
}
