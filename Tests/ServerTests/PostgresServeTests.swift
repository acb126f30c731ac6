import Foundation
import Testing
import TestSupport

/// Issue 52, "many readers, one truth": three `manual serve` processes on one PostgreSQL library answer
/// eight connections at once while a fourth process ingests a manual; every answer is the one from before
/// the commit or the one from after it, and none fails.
@Suite(.enabled(if: PostgresTestServer.enabled)) struct PostgresServeTests {
    @Test func threeServersAnswerWhileAnotherProcessIngests() throws {
        let library = PostgresTestServer.database("serve")
        #expect(Child.manual(["ingest", Fixtures.dishwasherGuide, Fixtures.radioGuide, "--quiet"], library: library).exitCode == 0)
        // Each node keeps its uploads in its own data folder, named by a hash of the URL, never beside the
        // working directory under the URL's name.
        let homes = (0..<3).map { _ in TemporaryFolder() }
        let servers = try homes.map { try ServerProcess(library: library, environment: ["XDG_DATA_HOME": $0.url.path]) }
        for home in homes {
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: home.path("manual"))) ?? []
            #expect(kept.contains { $0.hasPrefix("postgres-") && $0.hasSuffix(".files") }, "\(kept)")
        }
        #expect(!FileManager.default.fileExists(atPath: "postgres:"))
        let paths = ["How often should I clean the filter?", "What does the weather alert button do?",
                     "What is on the quick reference card?", "How do I change the batteries?"]
            .map { "/api/query?q=" + $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! }
        let before = try paths.map { answer(try servers[0].client.get($0).text) }

        let ingest = try Child(ManualRunner.binary, ["ingest", Fixtures.quickCard, "--quiet"], environment: ["MANUAL_DB": library])
        let ports = servers.map(\.port)
        let finished = LockedValue(false)
        let replies = LockedValue<[(path: Int, status: Int, body: String)]>([])
        let askers = DispatchGroup()
        for worker in 0..<8 {
            DispatchQueue.global().async(group: askers) {
                var round = 0, after = 0
                // Until the ingest has finished, and a few rounds after, so some answers come after its commit.
                while after < 3 {
                    if finished.withLock({ $0 }) { after += 1 }
                    let path = (worker + round) % paths.count
                    let reply = try? HTTPClient(port: ports[(worker + round) % 3]).get(paths[path])
                    replies.withLock { $0.append((path, reply?.status ?? -1, reply?.text ?? "")) }
                    round += 1
                }
            }
        }
        #expect(ingest.wait(timeout: 120).exitCode == 0)
        finished.withLock { $0 = true }
        askers.wait()
        let afterCommit = try paths.map { answer(try servers[1].client.get($0).text) }
        let seen = replies.withLock { $0 }
        #expect(seen.count >= 24)
        for reply in seen {
            #expect(reply.status == 200, "\(reply)")
            let body = answer(reply.body)
            #expect(body == before[reply.path] || body == afterCommit[reply.path], "\(reply.body.prefix(300))")
        }
        // Each question asked of any server has its own row in the one history.
        let ids = seen.compactMap { $0.body.firstMatch(of: /"queryID" : (\d+)/).map { String($0.1) } }
        #expect(ids.count == seen.count && Set(ids).count == ids.count)
        // The store is named in the status, and each server's questions landed in the one history.
        let status = try servers[2].client.get("/api/status").text
        #expect(status.contains("postgresql"), "\(status)")
        for server in servers { server.stop() }
    }

    /// A reply without its history id, which differs for every question asked.
    private func answer(_ body: String) -> String {
        body.replacing(/\n *"queryID" : \d+,/, with: "")
    }
}
