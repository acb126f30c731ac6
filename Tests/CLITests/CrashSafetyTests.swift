import Foundation
import Testing
import TestSupport

/// Issue part 3: `manual ingest` and `manual reindex` killed with SIGKILL at many points in time.
/// Afterwards the library passes `PRAGMA integrity_check` and the FTS5 index check, every document is
/// either wholly present (pages, chunks, vectors, index rows and term statistics agree with an
/// uninterrupted run) or absent, and running the same command again completes the work.
///
/// Kill points: fixed early delays (library creation, migration), fractions of an uninterrupted run's
/// duration, and moments just after the n-th document was reported (so the kill lands in the next
/// document's processing or commit). They come in chains: each run resumes what the killed one left,
/// like a user interrupting again and again, and the chain ends with a run to completion.
@Suite struct CrashSafetyTests {
    /// Documents by sha256, as the audit sees them (ids aside).
    typealias Contents = [String: LibraryAudit.Document]

    private func contents(_ path: String) throws -> Contents {
        var out: Contents = [:]
        for var document in try LibraryAudit.documents(path) {
            document.id = 0
            out[document.sha256] = document
        }
        return out
    }

    /// A folder of real PDFs: the sample manual, the kettle guide, the part-scanned guide and a
    /// generated 30-page manual with plenty of text (a long commit to land a kill in).
    private func corpus() -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.copy(Fixtures.sampleManual, as: "sample-manual.pdf")
        folder.copy(Fixtures.edge("small.pdf"), as: "small.pdf")
        folder.copy(Fixtures.edge("partial-scan.pdf"), as: "partial-scan.pdf")
        folder.write("generated.pdf", generatedManual(pages: 30, linesPerPage: 25).data())
        return folder
    }

    private func kill(_ arguments: [String], library: String, after delay: Double?, afterLines lines: Int? = nil,
                      extraDelay: Double = 0) throws -> ChildResult {
        let child = try Child(ManualRunner.binary, arguments, environment: ["MANUAL_DB": library])
        if let lines {
            let deadline = Date().addingTimeInterval(30)
            while !child.hasExited && Date() < deadline && outputLines(child) < lines { usleep(500) }
            if extraDelay > 0 { usleep(UInt32(extraDelay * 1e6)) }
        } else if let delay {
            usleep(UInt32(delay * 1e6))
        }
        child.send(SIGKILL)
        return child.wait(timeout: 60)
    }

    /// Lines the child has written to stdout so far (its stdout is a file, written unbuffered).
    private func outputLines(_ child: Child) -> Int {
        child.stdoutSoFar.split(separator: "\n").count
    }

    private struct KillPoint: CustomStringConvertible {
        var delay: Double?
        var lines: Int?
        var extra: Double = 0
        var description: String {
            lines.map { "after \($0) reported + \(Int(extra * 1000)) ms" } ?? "at \(Int((delay ?? 0) * 1000)) ms"
        }
        static func at(_ seconds: Double) -> KillPoint { KillPoint(delay: seconds) }
        static func after(_ lines: Int, _ extra: Double = 0) -> KillPoint { KillPoint(lines: lines, extra: extra) }
    }

    /// Chains of kill points: each chain starts from an empty (or the original) library, is killed at each
    /// of its points in turn (each run resuming what the last one left), then runs to the end. `fraction`
    /// points are fractions of an uninterrupted run's duration.
    private func chains(duration t: Double) -> [[KillPoint]] {
        [
            [.at(0.003), .after(1), .at(t * 0.5), .after(1, 0.02)],
            [.at(0.015), .at(t * 0.3), .after(2), .at(t * 0.6)],
            [.at(0.04), .after(1, 0.01), .after(1), .at(t * 0.2)],
            [.at(t * 0.1), .at(t * 0.25), .at(t * 0.4), .at(t * 0.55)],
            [.after(3), .at(t * 0.7), .at(t * 0.9), .after(2, 0.005)],
        ]
    }

    @Test func killedIngestLeavesWholeDocumentsAndTheNextRunFinishes() throws {
        let files = corpus()
        let ingest = ["ingest", files.url.path, "--jobs", "2", "--json", "--quiet"]
        // The uninterrupted run: what every document must look like, and how long it takes.
        let reference = TemporaryFolder()
        let started = Date()
        let full = Child.manual(ingest, library: reference.path("library.sqlite"))
        let duration = Date().timeIntervalSince(started)
        #expect(full.exitCode == 0, "\(full)")
        let expected = try contents(reference.path("library.sqlite"))
        #expect(expected.count == 4)

        var kills = 0, partial = 0
        for chain in chains(duration: duration) {
            let folder = TemporaryFolder()
            let library = folder.path("library.sqlite")
            for point in chain {
                let killed = try kill(ingest, library: library, after: point.delay, afterLines: point.lines, extraDelay: point.extra)
                kills += 1
                #expect(killed.signal == SIGKILL || killed.exitCode == 0, "\(point): \(killed)")
                guard FileManager.default.fileExists(atPath: library),
                      (try? FileManager.default.attributesOfItem(atPath: library)[.size] as? Int) ?? 0 > 0 else { continue }
                let problems = LibraryAudit.problems(library)
                #expect(problems.isEmpty, "\(point): \(problems)")
                let present = try contents(library)
                if killed.signal == SIGKILL && present.count < expected.count { partial += 1 }
                for (sha, document) in present {
                    #expect(expected[sha] == document, "\(point): half-written document \(document), expected \(String(describing: expected[sha]))")
                }
            }
            let resumed = Child.manual(ingest, library: library)
            #expect(resumed.exitCode == 0, "resume failed: \(resumed)")
            #expect(LibraryAudit.problems(library).isEmpty)
            #expect(try contents(library) == expected, "resumed library differs")
        }
        // Not vacuous: many kills must have stopped the ingest part-way.
        #expect(partial >= kills / 3, "only \(partial) of \(kills) kill points interrupted the ingest")
        print("CrashSafetyTests: ingest killed at \(kills) points, \(partial) of them part-way")
    }

    @Test func killedReindexLeavesWholeDocumentsAndTheNextRunFinishes() throws {
        let files = corpus()
        let base = TemporaryFolder()
        let baseLibrary = base.path("library.sqlite")
        #expect(Child.manual(["ingest", files.url.path, "--jobs", "2", "--quiet"], library: baseLibrary).exitCode == 0)
        // One source gone: that document is rebuilt from its stored page text (another code path).
        try FileManager.default.removeItem(atPath: files.path("small.pdf"))
        let before = try contents(baseLibrary)
        let ids = try LibraryAudit.rows(baseLibrary, "SELECT id, sha256 FROM documents ORDER BY id")
        let reindex = ["reindex", "--all", "--jobs", "2", "--json", "--quiet"]

        let reference = TemporaryFolder()
        let referenceLibrary = reference.copy(baseLibrary, as: "library.sqlite")
        let started = Date()
        let full = Child.manual(reindex, library: referenceLibrary)
        let duration = Date().timeIntervalSince(started)
        #expect(full.exitCode == 0, "\(full)")
        let after = try contents(referenceLibrary)
        #expect(Set(after.keys) == Set(before.keys))

        var kills = 0
        for chain in chains(duration: duration).prefix(3) {
            let folder = TemporaryFolder()
            let library = folder.copy(baseLibrary, as: "library.sqlite")
            for point in chain {
                let killed = try kill(reindex, library: library, after: point.delay, afterLines: point.lines, extraDelay: point.extra)
                kills += 1
                #expect(killed.signal == SIGKILL || killed.exitCode == 0, "\(point): \(killed)")
                let problems = LibraryAudit.problems(library)
                #expect(problems.isEmpty, "\(point): \(problems)")
                // Every document is still there under its id, as it was or as reindexed: never half of each.
                #expect(try LibraryAudit.rows(library, "SELECT id, sha256 FROM documents ORDER BY id") == ids, "\(point)")
                for (sha, document) in try contents(library) {
                    #expect(document == before[sha] || document == after[sha], "\(point): \(document)")
                }
            }
            let resumed = Child.manual(reindex, library: library)
            #expect(resumed.exitCode == 0, "\(resumed)")
            #expect(LibraryAudit.problems(library).isEmpty)
            #expect(try contents(library) == after, "resumed reindex differs")
        }
        print("CrashSafetyTests: reindex killed at \(kills) points")
    }

    /// The audit itself is not vacuous: it finds a document stored in part, an index out of step with its
    /// table, and a vector of the wrong size.
    @Test func theAuditFindsHalfWrittenDocuments() throws {
        let library = SeededLibrary()
        #expect(LibraryAudit.problems(library.path).isEmpty)
        let damaged: [String] = [
            "DELETE FROM pages WHERE number = 2",
            "DROP TRIGGER chunks_after_delete; DELETE FROM chunks WHERE ordinal = 0",
            "UPDATE chunks SET vector = x'00' WHERE ordinal = 0",
            "DELETE FROM document_terms",
            "DELETE FROM chunk_vectors WHERE rowid = (SELECT min(rowid) FROM chunk_vectors)",
            "INSERT INTO chunks_fts (chunks_fts, rowid, text, heading) VALUES ('delete', (SELECT min(id) FROM chunks), 'kettle', 'x')",
        ]
        for sql in damaged {
            let folder = TemporaryFolder()
            let copy = folder.copy(library.path, as: "library.sqlite")
            try SQLiteFile.execute(copy, "PRAGMA foreign_keys = OFF; " + sql)
            #expect(!LibraryAudit.problems(copy).isEmpty, "\(sql) went unnoticed")
        }
    }
}

