import Foundation
@testable import ManualKit
@testable import ManualIngest
import Testing
import TestSupport

/// A hostile PDF costs one page, never the batch: poppler runs in worker processes (`manual _extract`)
/// with a time budget per page and a memory limit, and a page that breaks either is skipped.
/// The worker's fault hook (`MANUAL_WORKER_FAULT`) exists in debug builds, which the tests use.
struct ExtractionWorkerTests {
    static func hostile(_ name: String) -> String {
        Fixtures.root.appendingPathComponent("hostile/\(name)").path
    }

    private func pageTexts(_ runner: ManualRunner, document: Int) throws -> [Int: Int] {
        let shown = runner.run("show", String(document), "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let pages = object["pages"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: pages.map { ($0["page"] as? Int ?? 0, $0["characters"] as? Int ?? -1) })
    }

    @Test func aBatchWithAHostileFileAddsTheGoodOnesAndReportsIt() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--page-timeout", "1", "--jobs", "2", Fixtures.edge("small.pdf"),
                                Self.hostile("overlapping-words.pdf"), Fixtures.sampleManual)
        #expect(result.status == 18, "\(result.stderr)")
        #expect(result.stderr.contains("overlapping-words.pdf") && result.stderr.contains("page 1: extraction took longer than 1 s"),
                "\(result.stderr)")
        #expect(try SQLiteFile.integer(runner.library, "SELECT count(*) FROM documents") == 2)
        #expect(runner.run("query", "--no-history", "descale").stdout.contains("p. 2"))
    }

    @Test func aSlowPageIsSkippedAndTheOthersKept() throws {
        let folder = TemporaryFolder()
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        let result = runner.run("ingest", "--page-timeout", "1", Self.hostile("mixed-overlapping.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("page 2: extraction took longer than 1 s, skipped"), "\(result.stderr)")
        let texts = try pageTexts(runner, document: 1)
        #expect(texts[1]! > 0 && texts[2] == 0 && texts[3]! > 0)
        #expect(runner.run("show", "1").stdout.contains("page 2: extraction took longer than 1 s, skipped"))
    }

    @Test func aCrashAtPageThreeCostsPageThreeOnly() throws {
        let folder = TemporaryFolder()
        let clean = ManualRunner(library: folder.path("clean.sqlite"))
        #expect(clean.run("ingest", "-q", Fixtures.sampleManual).status == 0)
        var crashing = ManualRunner(library: folder.path("crash.sqlite"))
        crashing.environment["MANUAL_WORKER_FAULT"] = "abort@3"
        let result = crashing.run("ingest", "--json", Fixtures.sampleManual)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("page 3: the PDF reader crashed (SIGABRT), skipped"), "\(result.stderr)")
        #expect(result.stdout.contains("page 3: the PDF reader crashed (SIGABRT), skipped"), "the JSON line lists it")
        let expected = try pageTexts(clean, document: 1), got = try pageTexts(crashing, document: 1)
        #expect(got[3] == 0)
        for page in expected.keys where page != 3 { #expect(got[page] == expected[page], "page \(page)") }
        // Every chunk that does not touch page 3 is the clean run's.
        let sql = "SELECT group_concat(text, '|') FROM (SELECT text FROM chunks WHERE first_page > 3 ORDER BY ordinal)"
        #expect(try SQLiteFile.text(clean.library, sql) == SQLiteFile.text(crashing.library, sql))
    }

    @Test(.disabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "no address-space limit under a sanitizer"))
    func aWorkerThatAllocatesWithoutBoundIsStoppedByItsLimit() throws {
        let folder = TemporaryFolder()
        var runner = ManualRunner(library: folder.path("library.sqlite"))
        runner.environment["MANUAL_WORKER_FAULT"] = "alloc@2"
        let result = runner.run("ingest", "--worker-memory", "512M", Fixtures.edge("small.pdf"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("page 2: the PDF reader") && result.stderr.contains("SIG"), "\(result.stderr)")
    }

    @Test func aPageSkippedUnderTheSameBudgetsIsNotTriedAgain() throws {
        let folder = TemporaryFolder()
        var hanging = ManualRunner(library: folder.path("library.sqlite"))
        hanging.environment["MANUAL_WORKER_FAULT"] = "hang@2"
        #expect(hanging.run("ingest", "-q", "--page-timeout", "0.5", Fixtures.edge("small.pdf")).status == 0)
        // Without the fault page 2 would read fine: under the same budget it is left as skipped.
        let runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("reindex", "1", "-q", "--page-timeout", "0.5").status == 0)
        #expect(try pageTexts(runner, document: 1)[2] == 0)
        #expect(runner.run("show", "1").stdout.contains("page 2: extraction took longer than 0.5 s"))
        // Other budgets: it is tried again, and read.
        #expect(runner.run("reindex", "1", "-q", "--page-timeout", "5").status == 0)
        #expect(try pageTexts(runner, document: 1)[2]! > 0)
        #expect(!runner.run("show", "1").stdout.contains("skipped"))
    }

    @Test func interruptingAStuckPageLeavesTheLibraryAsItWas() throws {
        let folder = TemporaryFolder()
        let library = folder.path("library.sqlite")
        #expect(ManualRunner(library: library).run("ingest", "-q", Fixtures.edge("small.pdf")).status == 0)
        let before = try SQLiteFile.rowCounts(library)
        for signal in [SIGINT, SIGTERM] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ManualRunner.binary)
            process.arguments = ["ingest", "-q", "--page-timeout", "60", "--db", library, Fixtures.sampleManual]
            var environment = ProcessInfo.processInfo.environment
            environment["MANUAL_WORKER_FAULT"] = "hang@5"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 1.5)
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!process.isRunning, "ingest still running 10 s after signal \(signal)")
            if process.isRunning { process.terminate() }
            #expect(process.terminationStatus != 0)
            #expect(try SQLiteFile.rowCounts(library) == before)
        }
    }
}

/// Workers are pooled, so a worker often outlives the thread that started it; it must serve on
/// regardless, and still end when the process that started it ends.
struct WorkerLifetimeTests {
    @Test func aWorkerStartedOnAThreadThatHasEndedKeepsWorking() throws {
        // The kernel's parent-death signal fires when the starting *thread* ends: a worker made on a
        // short-lived thread was killed with it, in the middle of another document's page.
        nonisolated(unsafe) var started: Worker?  // written by the thread, read once it has finished
        nonisolated(unsafe) var first: [FrameKind] = []
        let thread = Thread {
            started = try? Worker(executable: ManualRunner.binary, memoryBytes: 2 << 30, path: "test")
            if let worker = started { first = Self.extract(Fixtures.edge("small.pdf"), with: worker) }
        }
        thread.start()
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.5)
        let worker = try #require(started)
        #expect(first.first == .document && first.last == .done, "\(first)")
        let second = Self.extract(Fixtures.sampleManual, with: worker)
        #expect(second.first == .document && second.last == .done, "the worker \(worker.finish()) after its thread ended")
    }

    /// The kinds of the frames a worker sends for the document at `path`, up to `done` or the end.
    private static func extract(_ path: String, with worker: Worker) -> [FrameKind] {
        let request = ExtractionRequest(path: path, password: nil, firstPage: 1, skip: [], memoryBytes: 2 << 30, threads: 1)
        guard worker.send(request) else { return [] }
        var kinds: [FrameKind] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while case .frame(let frame) = worker.next(deadline: deadline, stop: { false }) {
            kinds.append(frame.kind)
            if frame.kind == .done || frame.kind == .failure { break }
        }
        return kinds
    }

    @Test func aWorkerEndsSoonAfterItsParentIsKilled() throws {
        let folder = TemporaryFolder()
        let ingest = try Child(ManualRunner.binary, ["ingest", "-q", "--jobs", "1", "--db", folder.path("library.sqlite"),
                                                     Fixtures.scanned("sample-scan.pdf")])
        // The worker, once it is recognising pages (10 scanned pages take several seconds).
        var workers: [pid_t] = []
        let deadline = Date().addingTimeInterval(30)
        while workers.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            workers = Self.children(of: ingest.pid)
        }
        try #require(!workers.isEmpty, "no worker started")
        ingest.send(SIGKILL)
        _ = ingest.wait(timeout: 10)
        let gone = Date().addingTimeInterval(5)
        while workers.contains(where: Self.isRunning) && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!workers.contains(where: Self.isRunning), "workers \(workers) outlived their parent")
    }

    /// True while `pid` runs (a zombie, ended but not yet reaped by its new parent, does not).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Processes whose parent is `pid`, from /proc.
    private static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid
        }
    }
}
