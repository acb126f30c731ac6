import Foundation
import ManualIndex

/// The pages `WorkerPageSource`'s driver thread has extracted and its reader has not yet taken: the
/// hand-over between the two threads, bounded by the reader's lookahead.
// @unchecked Sendable: every var is read and written only while `condition` is locked.
final class PageShelf: @unchecked Sendable {
    private let condition = NSCondition()
    private var pages: [Int: Page] = [:]
    private var taken = 0
    private var error: IngestError?
    private var skipped: [SkippedPage]?
    private var ocr = OCRReport()
    private var cancelled = false

    var isCancelled: Bool { condition.withLock { cancelled } }

    /// Waits until page `number` is at most `lookahead` pages ahead of the reader; false once cancelled.
    func waitForRoom(before number: Int, lookahead: Int) -> Bool {
        condition.withLock {
            while !cancelled && number - taken > lookahead { condition.wait() }
            return !cancelled
        }
    }

    func put(_ number: Int, _ page: Page) {
        condition.withLock {
            pages[number] = page
            condition.broadcast()
        }
    }

    func fail(_ error: IngestError) {
        condition.withLock {
            self.error = error
            condition.broadcast()
        }
    }

    func finish(skipped: [SkippedPage], ocr: OCRReport) {
        condition.withLock {
            self.skipped = skipped
            self.ocr = ocr
            condition.broadcast()
        }
    }

    /// What OCR did, once the driver has finished.
    func waitForOCR() -> OCRReport {
        condition.withLock {
            while skipped == nil && error == nil && !cancelled { condition.wait() }
            return ocr
        }
    }

    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }

    /// Page `number`, when the driver has it; the driver's error if it stopped first.
    func take(_ number: Int) throws(IngestError) -> Page {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let page = pages.removeValue(forKey: number) {
                taken = number
                condition.broadcast()
                return page
            }
            if let error { throw error }
            if skipped != nil { return Page(number: number, text: "") }
            condition.wait()
        }
    }

    /// The skipped pages, once the driver has finished.
    func waitForSkipped() -> [SkippedPage] {
        condition.withLock {
            while skipped == nil && error == nil && !cancelled { condition.wait() }
            return skipped ?? []
        }
    }
}

