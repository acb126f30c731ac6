import Foundation
import ManualKit
import Testing
import TestSupport

/// Issue 52, item 4: `ingest --shard i/n --root DIR` and `reindex --shard i/n` as real processes at once
/// on one library. Every document is handled by exactly one part, the parts together leave the library
/// a single process would (ids included), a part killed with SIGKILL is finished by running it again, and
/// a second copy of a part that is running stops with exit 29 before writing anything.
@Suite struct ShardCommandTests {
    /// Documents by sha256 as the audit sees them, with their ids.
    private func contents(_ path: String) throws -> [String: LibraryAudit.Document] {
        Dictionary(uniqueKeysWithValues: try LibraryAudit.documents(path).map { ($0.sha256, $0) })
    }

    /// Chunk ids and their documents: what tie-breaks and `query --json` name.
    private func chunkIDs(_ path: String) throws -> [[String]] {
        try LibraryAudit.rows(path, "SELECT id, document_id, ordinal FROM chunks ORDER BY id")
    }

    /// Eight small generated manuals, some in subfolders, each with its own text.
    private func corpus() -> TemporaryFolder {
        let folder = TemporaryFolder()
        try? FileManager.default.createDirectory(atPath: folder.path("b/c"), withIntermediateDirectories: true)
        for index in 0..<8 {
            let name = ["m\(index).pdf", "b/m\(index).pdf", "b/c/m\(index).pdf"][index % 3]
            folder.write(name, generatedManual(pages: 12 + 2 * (index % 4), linesPerPage: 25, seed: UInt64(index + 11)).data())
        }
        return folder
    }

    /// The JSON lines a batch printed: the file and outcome of each document.
    private func reported(_ stdout: String) -> [(file: String, outcome: String)] {
        stdout.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let file = object["file"] as? String, let outcome = object["outcome"] as? String else { return nil }
            return (file, outcome)
        }
    }

    @Test func shardsOfAnIngestTakeEachFileOnceAndLeaveTheLibraryOneProcessWould() throws {
        let files = corpus()
        let folder = TemporaryFolder()
        let reference = folder.path("reference.sqlite")
        #expect(Child.manual(["ingest", files.url.path, "--jobs", "1", "--quiet"], library: reference).exitCode == 0)

        let library = folder.path("library.sqlite")
        let parts = (0..<3).map { index in
            try? Child(ManualRunner.binary, ["ingest", "--root", files.url.path, "--shard", "\(index)/3", "--jobs", "1",
                                             "--json", "--quiet", "--db", library], environment: [:])
        }
        let results = parts.map { $0!.wait(timeout: 300) }
        for result in results { #expect(result.exitCode == 0, "\(result)") }
        let taken = results.flatMap { reported($0.stdout).map(\.file) }
        #expect(taken.count == 8 && Set(taken).count == 8, "\(taken)")
        #expect(results.filter { !reported($0.stdout).isEmpty }.count >= 2, "one part took everything")
        #expect(LibraryAudit.problems(library).isEmpty)
        var expected = try contents(reference), found = try contents(library)
        for key in expected.keys { expected[key]!.id = 0 }
        for key in found.keys { found[key]!.id = 0 }
        #expect(found == expected)

        // A part run again finds its files there and writes nothing.
        let again = Child.manual(["ingest", "--root", files.url.path, "--shard", "1/3", "--json", "--quiet"], library: library)
        #expect(again.exitCode == 0 && reported(again.stdout).allSatisfy { $0.outcome == "unchanged" }, "\(again)")
        #expect(reported(again.stdout).count == reported(results[1].stdout).count)
        withExtendedLifetime(folder) {}
    }

    @Test func aFileOutsideTheRootIsAUsageErrorAndNothingIsWritten() throws {
        let files = corpus(), other = corpus(), folder = TemporaryFolder()
        let library = folder.path("library.sqlite")
        let result = Child.manual(["ingest", other.path("m0.pdf"), "--root", files.url.path, "--shard", "0/2"], library: library)
        #expect(result.exitCode == 64 && result.stderr.contains("is not inside --root"), "\(result)")
        #expect(Child.manual(["ingest", files.url.path, "--shard", "0/2"], library: library).exitCode == 64)
        #expect(Child.manual(["reindex", "--all", "--shard", "2/2"], library: library).exitCode == 64)
        if FileManager.default.fileExists(atPath: library) { #expect(try LibraryAudit.documents(library).isEmpty) }
        withExtendedLifetime(folder) {}
    }

    @Test func aSecondCopyOfARunningShardExits29AndWritesNothing() throws {
        let files = corpus(), folder = TemporaryFolder()
        let library = folder.path("library.sqlite")
        #expect(Child.manual(["ingest", files.url.path, "--quiet"], library: library).exitCode == 0)
        let before = try LibraryAudit.rows(library, "SELECT id, ingested_at FROM documents ORDER BY id")
        do {
            // The first copy: a store in this process holding the part's claim, as a running reindex does.
            let running = try SQLiteStore(path: library)
            try running.claimJob("reindex --shard 1/2")
            let second = Child.manual(["reindex", "--all", "--shard", "1/2", "--quiet"], library: library)
            #expect(second.exitCode == 29 && second.stderr.contains("busy"), "\(second)")
            #expect(try LibraryAudit.rows(library, "SELECT id, ingested_at FROM documents ORDER BY id") == before)
            #expect(try LibraryAudit.rows(library, "SELECT count(*) FROM jobs") == [["0"]])
            // Another part, or the same part of another command, is not held up.
            #expect(Child.manual(["reindex", "--all", "--shard", "0/2", "--quiet"], library: library).exitCode == 0)
            #expect(Child.manual(["ingest", "--root", files.url.path, "--shard", "1/2", "--quiet"], library: library).exitCode == 0)
        }
        // Once the holder is gone, the part runs.
        #expect(Child.manual(["reindex", "--all", "--shard", "1/2", "--quiet"], library: library).exitCode == 0)
        withExtendedLifetime(folder) {}
    }

    @Test func fourReindexShardsWithOneKilledAndRerunEqualOneProcess() throws {
        let files = corpus(), folder = TemporaryFolder(), referenceFolder = TemporaryFolder(), shardedFolder = TemporaryFolder()
        let base = folder.path("library.sqlite")
        #expect(Child.manual(["ingest", files.url.path, "--quiet"], library: base).exitCode == 0)
        let documents = try LibraryAudit.rows(base, "SELECT sha256, page_count, source_path FROM documents")
        let parts = Shard.parts(byPages: documents.map { ($0[0], Int($0[1])!) }, count: 4)
        // The part with the most documents is the one killed, after its first document.
        let sizes = (0..<4).map { part in documents.filter { parts[$0[0]] == part }.count }
        let victim = sizes.firstIndex(of: sizes.max()!)!
        #expect(sizes[victim] >= 2, "\(sizes)")

        let reference = referenceFolder.copy(base, as: "library.sqlite")
        #expect(Child.manual(["reindex", "--all", "--jobs", "1", "--quiet"], library: reference).exitCode == 0)

        let library = shardedFolder.copy(base, as: "library.sqlite")
        let reindex = { (part: Int) in ["reindex", "--all", "--shard", "\(part)/4", "--jobs", "1", "--json", "--quiet"] }
        let children = try (0..<4).map { try Child(ManualRunner.binary, reindex($0), environment: ["MANUAL_DB": library]) }
        let deadline = Date().addingTimeInterval(120)
        while !children[victim].hasExited && Date() < deadline && reported(children[victim].stdoutSoFar).isEmpty { usleep(500) }
        children[victim].send(SIGKILL)
        let results = children.map { $0.wait(timeout: 300) }
        #expect(results[victim].signal == SIGKILL, "\(results[victim])")
        for (part, result) in results.enumerated() where part != victim {
            #expect(result.exitCode == 0, "\(result)")
            // Each part took the documents of its run of pages (`Shard.parts(byPages:count:)`), no others.
            let mine = documents.filter { parts[$0[0]] == part }.map { URL(fileURLWithPath: $0[2]).lastPathComponent }
            #expect(reported(result.stdout).map { URL(fileURLWithPath: $0.file).lastPathComponent }.sorted() == mine.sorted(),
                    "part \(part)")
        }
        let done = reported(results[victim].stdout).count
        #expect(done < sizes[victim], "the kill came after the part's last document")
        #expect(LibraryAudit.problems(library).isEmpty)

        let rerun = Child.manual(reindex(victim), library: library)
        #expect(rerun.exitCode == 0 && rerun.stderr.isEmpty, "\(rerun)")
        #expect(reported(rerun.stdout).count == sizes[victim] - done, "the rerun did again what was done")
        #expect(Child.manual(["check"], library: library).exitCode == 0)
        #expect(try contents(library) == contents(reference))
        #expect(try chunkIDs(library) == chunkIDs(reference))
        let question = ["query", "how do I clean the filter", "--json", "--no-history"]
        #expect(Child.manual(question, library: library).stdout == Child.manual(question, library: reference).stdout)
        withExtendedLifetime((folder, referenceFolder, shardedFolder)) {}
    }
}
