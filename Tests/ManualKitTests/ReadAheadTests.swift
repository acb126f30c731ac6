import Foundation
import Testing
@testable import ManualKit
@testable import ManualIndex

/// `RowSource.readingAhead`: a commit's chunks produced on a second thread while SQLite inserts them.
struct ReadAheadTests {
    /// What the producing side saw, written by whichever thread produces.
    // @unchecked Sendable: `produced` is read and written only while `lock` is held.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var produced = 0
        func record() { lock.withLock { produced += 1 } }
        var count: Int { lock.withLock { produced } }
    }

    private func source(_ count: Int, log: Log, failAt: Int? = nil) -> RowSource<Int> {
        RowSource { body throws(StoreError) in
            for row in 0..<count {
                if row == failAt { throw .scratchUnreadable(reason: "row \(row)") }
                log.record()
                try body(row)
            }
        }
    }

    @Test func givesEveryRowInOrder() throws {
        for count in [0, 1, 3, 64, 65, 1000] {
            var seen: [Int] = []
            try source(count, log: Log()).readingAhead(lead: 4).forEach { seen.append($0) }
            #expect(seen == Array(0..<count))
        }
    }

    @Test func aProducersErrorReachesTheReaderAfterTheRowsBeforeIt() {
        var seen: [Int] = []
        #expect(throws: StoreError.scratchUnreadable(reason: "row 10")) {
            try source(100, log: Log(), failAt: 10).readingAhead(lead: 4).forEach { seen.append($0) }
        }
        #expect(seen == Array(0..<10))
    }

    /// A reader that fails stops the producer, which is done with the source when `forEach` returns.
    @Test func aReadersErrorStopsTheProducer() {
        let log = Log()
        #expect(throws: StoreError.documentNotFound("5")) {
            try source(100_000, log: log).readingAhead(lead: 4).forEach { row throws(StoreError) in
                if row == 5 { throw .documentNotFound("5") }
            }
        }
        let produced = log.count
        #expect(produced < 100_000)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(log.count == produced)
    }
}
