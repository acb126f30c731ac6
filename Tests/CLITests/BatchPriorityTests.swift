import Foundation
import Testing
import TestSupport

/// Batch work runs at a lower CPU priority than questions (`BatchPriority`): `manual ingest` and the
/// extraction workers it starts run at nice 10 (or their parent's, if that is nicer) unless
/// `--normal-priority` is given. Read from /proc while a real ingest runs.
struct BatchPriorityTests {
    /// Runs `manual ARGS` on a library of its own and samples the nice values of it and of its workers until it ends.
    private func sample(_ arguments: [String]) throws -> (ingest: Set<Int>, workers: Set<Int>, status: Int32) {
        let folder = TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ManualRunner.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["MANUAL_DB"] = folder.path("library.sqlite")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var ingest = Set<Int>(), workers = Set<Int>()
        let pid = process.processIdentifier
        while process.isRunning {
            if let value = ProcessPriority.nice("\(pid)") { ingest.insert(value) }
            for child in ProcessPriority.children(pid) { if let value = ProcessPriority.nice(child) { workers.insert(value) } }
            usleep(5_000)
        }
        process.waitUntilExit()
        return (ingest, workers, process.terminationStatus)
    }

    @Test func anIngestAndItsWorkersRunAtALowerPriority() throws {
        let own = try #require(ProcessPriority.nice("self"))
        let lowered = max(own, 10)
        // A scan: its pages are recognised for seconds, so its worker is seen.
        let run = try sample(["ingest", "-q", "--jobs", "1", Fixtures.scanned("sample-scan.pdf")])
        #expect(run.status == 0)
        #expect(run.ingest.contains(lowered) && run.ingest.isSubset(of: [own, lowered]), "\(run.ingest)")
        #expect(run.workers == [lowered], "\(run.workers)")
    }

    @Test func normalPriorityKeepsTheCallersPriority() throws {
        let own = try #require(ProcessPriority.nice("self"))
        let run = try sample(["ingest", "-q", "--normal-priority", Fixtures.sampleManual])
        #expect(run.status == 0)
        #expect(run.ingest == [own], "\(run.ingest)")
        #expect(run.workers.isSubset(of: [own]), "\(run.workers)")
    }
}
