import Foundation
import Testing
import TestSupport
import ManualKit

/// A library made with the hashed-feature vectors (512 numbers a chunk) is upgraded to the static table's
/// 256 by `reindex --stale`; until then it answers from the keyword channel and says it is stale.
struct EmbeddingUpgradeTests {
    @Test func hashedEraLibraryIsStaleAndReindexStaleGivesItTheTablesVectors() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "-q", Fixtures.sampleManual).status == 0)
        let before = runner.run("query", "--no-history", "--json", "inflate the tyres").stdout
        // What the previous release stored: its fingerprint, and 512-byte int8 vectors.
        try SQLiteFile.execute(runner.library, """
            UPDATE documents SET pipeline_version = 'text-r5;window=400;chunk=900/200/1600/150;hashed-v1;dim=512';
            UPDATE chunk_vectors SET quantized = zeroblob(512);
            UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation';
            """)
        let status = try JSONSerialization.jsonObject(with: Data(runner.run("status", "--json").stdout.utf8)) as? [String: Any]
        #expect(status?["stale"] as? [Int] == [1])
        // Old vectors are never compared with new ones: the question is answered, from its words alone.
        let stale = runner.run("query", "--no-history", "--json", "tire pressure")
        #expect(stale.status == 0)
        let staleResults = (try JSONSerialization.jsonObject(with: Data(stale.stdout.utf8)) as? [String: Any])?["results"] as? [[String: Any]]
        #expect(staleResults?.isEmpty == false)
        #expect(staleResults?.allSatisfy { ($0["matchType"] as? String) == "keyword" } == true)

        let reindexed = runner.run("reindex", "--stale")
        #expect(reindexed.status == 0, "\(reindexed.stderr)")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM chunk_vectors WHERE length(quantized) != \(StaticEmbedder().dimension)") == 0)
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents WHERE pipeline_version LIKE '%hashed%'") == 0)
        // Back to the answer a fresh ingest gives, byte for byte.
        #expect(runner.run("query", "--no-history", "--json", "inflate the tyres").stdout == before)
    }
}
