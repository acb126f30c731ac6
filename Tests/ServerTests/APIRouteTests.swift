import Foundation
import ManualKit
import ManualServer
import Testing
import TestSupport

/// Every API route over real HTTP against a real `manual serve` on the sample manual.
@Suite(.serialized) struct APIRouteTests {
    let folder = TemporaryFolder()
    let library: String
    let server: ServerProcess

    init() throws {
        library = sampleLibrary(folder)
        server = try ServerProcess(library: library)
    }

    /// The answer the CLI prints, without the history id (each question asked gets a new one).
    private func withoutQueryID(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"queryID\"") }.joined(separator: "\n")
    }

    @Test func queryGivesTheCLIsBytes() throws {
        let reply = try server.client.get("/api/query?q=tire%20pressure%20warning%20light")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true)
        let cli = ManualRunner(library: library).run("query", "tire pressure warning light", "--json")
        #expect(cli.status == 0)
        #expect(withoutQueryID(reply.text) == withoutQueryID(cli.stdout))
        let answer = try #require(reply.json as? [String: Any])
        let citations = try #require(answer["citations"] as? [[String: Any]])
        #expect(citations.first?["page"] as? Int == 24)
        #expect(citations.first?["label"] as? String == "18")
        #expect(answer["queryID"] as? Int != nil)
    }

    @Test func queryFiltersAndBadParameters() throws {
        let filtered = try server.client.get("/api/query?q=tire%20pressure&doc=1&page=24&top_k=2")
        #expect(filtered.status == 200)
        #expect(((filtered.json as? [String: Any])?["results"] as? [Any])?.count ?? 0 <= 2)
        for (path, code) in [("/api/query", "missing_parameter"), ("/api/query?q=%20%20", "missing_parameter"),
                             ("/api/query?q=x&top_k=0", "bad_parameter"), ("/api/query?q=x&top_k=abc", "bad_parameter"),
                             ("/api/query?q=x&page=-3", "bad_parameter")] {
            let reply = try server.client.get(path)
            #expect(reply.status == 400, "\(path)")
            #expect(reply.errorCode == code, "\(path): \(reply.text)")
        }
        let missing = try server.client.get("/api/query?q=tire&doc=99")
        #expect(missing.status == 404)
        #expect(missing.errorMessage == "no document #99 in the library (see 'manual list')")
        let pastTheEnd = try server.client.get("/api/query?q=tire&doc=1&page=230")
        #expect(pastTheEnd.status == 404)
        #expect(pastTheEnd.errorCode == "no_such_page")
        #expect(pastTheEnd.errorMessage == "document #1 has no page 230 (it has 47 pages)")
        let noSection = try server.client.get("/api/query?q=tire&section=tyre%20presure")
        #expect(noSection.status == 404)
        #expect(noSection.errorCode == "no_such_section")
        #expect(noSection.errorMessage == "no section heading contains \"tyre presure\" (see 'manual show ID --outline')")
    }

    @Test func documentsDetailsChunksFindStatus() throws {
        let list = try #require(try server.client.get("/api/documents").json as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list.first?["title"] as? String == "Northwind Tern 2024 Owner's Manual")

        let details = try #require(try server.client.get("/api/documents/1").json as? [String: Any])
        #expect((details["document"] as? [String: Any])?["pageCount"] as? Int == 47)
        #expect(details["source"] as? String == "unchanged")
        let outline = try #require(details["outline"] as? [[String: Any]])
        #expect(outline.contains { $0["title"] as? String == "4.3 Tire Pressure Monitoring System" && $0["page"] as? Int == 24 })

        let chunks = try #require(try server.client.get("/api/documents/1/chunks?page=24").json as? [[String: Any]])
        #expect(!chunks.isEmpty)
        #expect(chunks.allSatisfy { ($0["firstPage"] as? Int ?? 0) <= 24 && ($0["lastPage"] as? Int ?? 0) >= 24 })
        let pastTheEnd = try server.client.get("/api/documents/1/chunks?page=48")
        #expect(pastTheEnd.status == 404)
        #expect(pastTheEnd.errorMessage == "document #1 has no page 48 (it has 47 pages)")

        let hits = try #require(try server.client.get("/api/find?phrase=amber%20tire%20pressure").json as? [[String: Any]])
        #expect(hits.map { $0["page"] as? Int } == [24])

        let status = try #require(try server.client.get("/api/status").json as? [String: Any])
        #expect((status["counts"] as? [String: Any])?["documents"] as? Int == 1)
        let cli = ManualRunner(library: library).run("status", "--json")
        #expect(try server.client.get("/api/status").text == cli.stdout)
    }

    @Test func historyAndRating() throws {
        let asked = try #require(try server.client.get("/api/query?q=how%20often%20rotate%20the%20tires").json as? [String: Any])
        let id = try #require(asked["queryID"] as? Int)
        let history = try #require(try server.client.get("/api/history?limit=5").json as? [[String: Any]])
        #expect(history.first?["id"] as? Int == id)

        let rated = try server.client.send("POST", "/api/history/\(id)/rating", headers: ["Content-Type": "application/json"],
                                           body: Data(#"{"rating":"helpful"}"#.utf8))
        #expect(rated.status == 200, "\(rated.text)")
        let after = try #require(try server.client.get("/api/history?limit=5").json as? [[String: Any]])
        #expect(after.first { $0["id"] as? Int == id }?["rating"] as? String == "helpful")

        let bad = try server.client.send("POST", "/api/history/\(id)/rating", body: Data(#"{"rating":"great"}"#.utf8))
        #expect(bad.status == 400)
        let unknown = try server.client.send("POST", "/api/history/99999/rating", body: Data(#"{"rating":"helpful"}"#.utf8))
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "no_such_query")
    }

    @Test func pageImagesAreDrawnHighlightedAndCached() throws {
        let path = "/api/documents/1/pages/24.png?width=600&highlight=tire%20pressure"
        let first = try server.client.get(path)
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "image/png")
        #expect(first.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16-23.
        let width = first.body[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 600)
        let plain = try server.client.get("/api/documents/1/pages/24.png?width=600")
        #expect(plain.body != first.body, "the highlight changes the picture")
        #expect(try server.client.get(path).body == first.body, "a cached page is the same picture")
        let cache = library + ".files/pages"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".png") }.count == 2)

        let clamped = try server.client.get("/api/documents/1/pages/1.png?width=100000")
        #expect(clamped.body[16..<20].reduce(0) { $0 << 8 | Int($1) } == PageImageRequest.widths.upperBound)
        for (path, status) in [("/api/documents/1/pages/48.png", 404), ("/api/documents/1/pages/0.png", 400),
                               ("/api/documents/1/pages/x.png", 400), ("/api/documents/7/pages/1.png", 404),
                               ("/api/documents/1/pages/2.png?width=wide", 400)] {
            let reply = try server.client.get(path)
            #expect(reply.status == status, "\(path): \(reply.text)")
            #expect(reply.errorCode != nil, "\(path)")
        }
    }

    @Test func badRoutesMethodsAndIDs() throws {
        let unknown = try server.client.get("/api/nothing")
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "not_found")
        let wrong = try server.client.send("PUT", "/api/status")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "GET")
        let delete = try server.client.send("PATCH", "/api/documents/1")
        #expect(delete.status == 405)
        #expect(delete.headers["allow"] == "GET, DELETE")
        for path in ["/api/documents/abc", "/api/documents/-1", "/api/documents/0", "/api/documents/99999999999999999999",
                     "/api/documents/1%00/chunks"] {
            let reply = try server.client.get(path)
            #expect(reply.status == 400, "\(path): \(reply.status)")
            #expect(reply.errorCode == "bad_path", "\(path)")
        }
        #expect(try server.client.get("/api/documents/5").status == 404)
        // The HTML side: unknown pages are 404 pages, not JSON.
        let page = try server.client.get("/no/such/page")
        #expect(page.status == 404)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    }

    @Test func openAPIFileListsExactlyTheServersRoutes() throws {
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.root
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.json"))) as? [String: Any])
        let paths = try #require(spec["paths"] as? [String: [String: Any]])
        let documented = Set(paths.flatMap { path, methods in methods.keys.map { "\($0.uppercased()) \(path)" } })
        let served = Set(try ManualServer(configuration: ServerConfiguration(libraryPath: library)).apiRoutes)
        #expect(documented == served, "documented only: \(documented.subtracting(served)); served only: \(served.subtracting(documented))")
    }

    /// docs/api.md (made from docs/openapi.json by scripts/make-docs) has a section for every route served.
    @Test func apiReferenceHasEveryRoute() throws {
        let page = try String(contentsOf: Fixtures.root.deletingLastPathComponent().appendingPathComponent("docs/api.md"), encoding: .utf8)
        let served = try ManualServer(configuration: ServerConfiguration(libraryPath: library)).apiRoutes
        let missing = served.filter { !page.contains("\n### \($0)\n") }
        #expect(!served.isEmpty)
        #expect(missing.isEmpty, "routes not in docs/api.md (run scripts/make-docs): \(missing)")
    }
}
