import CProcess
import Foundation
import ManualIndex

/// Drives the workers of one document on one thread: one worker reads the document front to back and
/// streams its pages; this side waits at most `pageTimeout` for each. A page that takes longer, or a
/// worker that dies (a crash, the memory limit), costs that page: the worker is killed, the page is
/// recorded as skipped with the reason, and a new worker carries on from the next page.
// @unchecked Sendable: once made, it is handed to the driver thread and used by that thread alone.
private final class WorkerDriver: @unchecked Sendable {
    let info: ExtractedDocumentInfo
    private(set) var skipped: [SkippedPage] = []
    private(set) var ocr = OCRReport()

    private let executable: String
    private let request: ExtractionRequest
    private let displayPath: String
    private let settings: ExtractionSettings
    private let shouldStop: @Sendable () -> Bool
    /// Pages skipped before under the same budgets, with their reasons: not tried again.
    private let knownSkips: [Int: String]
    /// OCR results the library has for these bytes and OCR settings: not recognised again.
    private let knownOCR: [Int: Page]
    private let keepOCRResult: (@Sendable (OCRCacheEntry) -> Void)?
    /// A core is taken for the worker's second extraction thread (`ThreadBudget`) until `releaseHelperCore`.
    private var helperCore: Bool
    private var worker: Worker?

    init(source: SourceFile, displayPath: String, password: String?, settings: ExtractionSettings, executable: String,
         knownSkips: [Int: String], knownOCR: [Int: Page], keepOCRResult: (@Sendable (OCRCacheEntry) -> Void)?,
         shouldStop: @escaping @Sendable () -> Bool) throws(IngestError) {
        self.executable = executable
        self.displayPath = displayPath
        self.settings = settings
        self.shouldStop = shouldStop
        self.knownSkips = knownSkips
        self.knownOCR = knownOCR
        self.keepOCRResult = keepOCRResult
        // A second extraction thread in the worker when a core is idle, as in-process reading does.
        helperCore = ThreadBudget.shared.reserve()
        var request = ExtractionRequest(path: source.path, password: password, firstPage: 1, skip: Set(knownSkips.keys),
                                        memoryBytes: settings.workerMemoryBytes, threads: helperCore ? 2 : 1)
        request.ocr = settings.ocr
        request.cachedOCR = Set(knownOCR.keys)
        self.request = request
        let first = try WorkerDriver.worker(executable: executable, request: request, path: displayPath)
        worker = first
        switch WorkerDriver.nextFrame(first, settings: settings, stop: shouldStop) {
        case .frame(var frame) where frame.kind == .document:
            info = ExtractedDocumentInfo(&frame.payload)
        case .frame(var frame) where frame.kind == .failure:
            worker = nil
            WorkerPool.shared.put(first)
            throw frame.payload.ingestError(path: displayPath)
        case .timedOut:
            first.kill()
            throw .damaged(path: displayPath, reason: "opening it took longer than \(WorkerDriver.seconds(settings.pageTimeout))")
        case .stopped:
            first.kill()
            throw .interrupted(path: displayPath)
        default:
            let reason = first.finish()
            throw .damaged(path: displayPath, reason: "the PDF reader \(reason) while opening it")
        }
        // The worker read the file on its own: it must have parsed the very bytes that were hashed.
        guard info.sha256 == source.sha256 else {
            first.kill()
            throw .unreadable(path: displayPath, reason: SourceFile.changedReason)
        }
    }

    deinit {
        worker?.kill()
        releaseHelperCore()
    }

    /// Gives back the core taken for the worker's second extraction thread, once no page is left to extract.
    func releaseHelperCore() {
        guard helperCore else { return }
        helperCore = false
        ThreadBudget.shared.release()
    }

    /// An idle worker of this executable and memory limit, given `request`; a new one when none is idle
    /// (or the idle one has died since).
    fileprivate static func worker(executable: String, request: ExtractionRequest, path: String) throws(IngestError) -> Worker {
        if let idle = WorkerPool.shared.take(executable: executable, memoryBytes: request.memoryBytes), idle.send(request) {
            return idle
        }
        let fresh = try Worker(executable: executable, memoryBytes: request.memoryBytes, path: path)
        guard fresh.send(request) else {
            throw .unreadable(path: path, reason: "the PDF reader \(fresh.finish()) before it was asked anything")
        }
        return fresh
    }

    /// Page `number`, the one after the last one asked for: a skipped page is an empty page.
    func page(_ number: Int) throws(IngestError) -> Page {
        if worker == nil {
            worker = try WorkerDriver.worker(executable: executable, request: restarting(at: number), path: displayPath)
            // A new worker states the document first.
            guard case .frame(let frame) = WorkerDriver.nextFrame(worker!, settings: settings, stop: shouldStop),
                  frame.kind == .document else {
                return skip(number, reason: worker?.finish() ?? "did not start")
            }
        }
        guard let current = worker else { return Page(number: number, text: "") }
        switch WorkerDriver.nextFrame(current, settings: settings, stop: shouldStop) {
        case .frame(var frame) where frame.kind == .page:
            var page = frame.payload.extractedPage()
            let wantsCachedOCR = frame.payload.bool()
            if wantsCachedOCR, var cached = knownOCR[number] {
                cached.label = page.label
                page = cached
                ocr.fromCache += 1
            } else if page.source == .ocr {
                ocr.recognised += 1
                keepOCRResult?(OCRCacheEntry(page))
            }
            if page.source == .ocr { ocr.results.append(OCRCacheEntry(page)) }
            if let reason = knownSkips[number] { skipped.append(SkippedPage(page: number, reason: reason)) }
            if number == info.metadata.pageCount { release(current) }
            return page
        case .frame(var frame) where frame.kind == .failure:
            worker = nil
            WorkerPool.shared.put(current)
            throw frame.payload.ingestError(path: displayPath)
        case .timedOut:
            current.kill()
            worker = nil
            return skip(number, reason: "extraction took longer than \(WorkerDriver.seconds(settings.pageTimeout))")
        case .stopped:
            current.kill()
            worker = nil
            throw .interrupted(path: displayPath)
        default:
            let reason = current.finish()
            worker = nil
            return skip(number, reason: "the PDF reader \(reason)")
        }
    }

    /// After the last page: a worker that says it is done serves the next document (starting one costs
    /// more than a small manual's extraction); any other answer ends it.
    private func release(_ current: Worker) {
        worker = nil
        if case .frame(let frame) = WorkerDriver.nextFrame(current, settings: settings, stop: shouldStop),
           frame.kind == .done {
            WorkerPool.shared.put(current)
        } else {
            current.kill()
        }
    }

    private func skip(_ number: Int, reason: String) -> Page {
        worker?.kill()
        worker = nil
        skipped.append(SkippedPage(page: number, reason: reason))
        return Page(number: number, text: "")
    }

    private func restarting(at page: Int) -> ExtractionRequest {
        var next = request
        next.firstPage = page
        return next
    }

    /// The worker's next frame, waiting up to the page timeout; while the worker reports that it is
    /// recognising a page (`busy` frames), up to the page timeout after the last report, and at most
    /// `WorkerOutput.ocrPageBudget` (or the page timeout when that is longer) in all.
    fileprivate static func nextFrame(_ worker: Worker, settings: ExtractionSettings, stop: () -> Bool) -> FrameIO.ReadResult {
        worker.next(deadline: deadline(settings.pageTimeout), stop: stop,
                    busyExtension: max(settings.pageTimeout, 4 * WorkerOutput.heartbeatSeconds), busyLimit: deadline(max(settings.pageTimeout, WorkerOutput.ocrPageBudget)))
    }

    private static func deadline(_ seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0.05, seconds) * 1e9)
    }

    private static func seconds(_ value: Double) -> String { ExtractionSettings.seconds(value) }
}

/// A document's pages read by worker processes (`manual _extract`) under time and memory budgets
/// (`WorkerDriver`). The parent never runs poppler itself.
///
/// The workers are driven from a thread of their own that keeps up to `lookahead` pages ready, so a
/// worker extracts the next window's pages while this process cleans and chunks the last one.
final class WorkerPageSource: PageSource {
    let info: ExtractedDocumentInfo
    private let shelf: PageShelf
    private let progress: ((_ done: Int, _ total: Int) -> Void)?
    /// The next page `read` hands out.
    private var nextPage = 1

    /// Pages extracted ahead of the reader at most: bounds the memory of a document's pages in flight.
    static let lookahead = 400

    init(source: SourceFile, displayPath: String, password: String?, settings: ExtractionSettings, executable: String,
         knownSkips: [Int: String], knownOCR: [Int: Page], keepOCRResult: (@Sendable (OCRCacheEntry) -> Void)?,
         progress: ((_ done: Int, _ total: Int) -> Void)?) throws(IngestError) {
        let shelf = PageShelf()
        let stop = settings.shouldStop
        let driver = try WorkerDriver(source: source, displayPath: displayPath, password: password, settings: settings,
                                      executable: executable, knownSkips: knownSkips, knownOCR: knownOCR,
                                      keepOCRResult: keepOCRResult,
                                      shouldStop: { stop() || shelf.isCancelled })
        info = driver.info
        self.shelf = shelf
        self.progress = progress
        let pageCount = info.metadata.pageCount
        let thread = Thread { [driver, shelf] in
            for number in stride(from: 1, through: pageCount, by: 1) {
                guard shelf.waitForRoom(before: number, lookahead: WorkerPageSource.lookahead) else { break }
                do throws(IngestError) {
                    let page = try driver.page(number)
                    // Before the last page is handed over: its reader reads the lines on that core too.
                    if number == pageCount { driver.releaseHelperCore() }
                    shelf.put(number, page)
                } catch {
                    shelf.fail(error)
                    break
                }
            }
            shelf.finish(skipped: driver.skipped, ocr: driver.ocr)
        }
        thread.start()
    }

    deinit {
        shelf.cancel()
    }

    var metadata: PDFMetadata { info.metadata }
    var outline: [OutlineEntry] { info.outline }
    var allowsTextCopy: Bool { info.allowsTextCopy }
    var skipped: [SkippedPage] { shelf.waitForSkipped() }
    var ocr: OCRReport { shelf.waitForOCR() }

    /// The pages at `indices` (0-based), in order; a skipped page is an empty page. Their lines are read
    /// here, on a second thread when a core is free.
    func read(_ indices: Range<Int>) throws(IngestError) -> [(page: Page, lines: [LayoutLine])] {
        var pages: [Page] = []
        for index in indices {
            let number = index + 1
            precondition(number == nextPage, "pages are read in order")
            pages.append(try shelf.take(number))
            nextPage = number + 1
            progress?(number, info.metadata.pageCount)
        }
        let read = SharedWork.map(count: pages.count, minimumForHelper: PageReader.minimumPagesForHelper, helper: { [pages] in
            { PageLineReader().read(pages[$0]) }
        }) { PageLineReader().read(pages[$0]) }
        // The raw layout is not needed once read into lines.
        return zip(pages, read).map { page, lines in
            var page = page
            page.lines = []
            return (page, lines)
        }
    }
}
