import Foundation
import ManualIndex

/// The worker side: `manual _extract` reads one `ExtractionRequest` from stdin and writes the document's
/// facts and its pages, one frame each, to stdout. It runs poppler, so it may hang, crash or run out of
/// memory; its parent (`WorkerPageSource`) watches the time and starts a new worker after the page.
public enum ExtractionWorker {
    /// Whether this binary was built with ThreadSanitizer or AddressSanitizer (their runtimes are linked in).
    static var runsUnderSanitizer: Bool {
        let handle = dlopen(nil, RTLD_NOW)
        defer { if let handle { dlclose(handle) } }
        return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
    }

    /// Serves requests until stdin closes; the process's exit status.
    public static func run(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        ParentWatch.start()
        signal(SIGPIPE, SIG_IGN)
        var buffer: [UInt8] = []
        var limited = false
        let writer = WorkerOutput(fd: output)
        writer.startHeartbeat()
        var renderer = OpenDocumentCache()
        // One request after another, until the parent closes stdin (or goes away).
        while case .frame(var frame) = FrameIO.read(from: input, buffer: &buffer, deadline: .max, stop: { false }) {
            switch frame.kind {
            case .request:
                let request = ExtractionRequest(&frame.payload)
                limitMemory(request.memoryBytes, once: &limited)
                guard serve(request, to: writer) else { return 0 }
            case .render:
                let request = RenderRequest(&frame.payload)
                limitMemory(request.memoryBytes, once: &limited)
                guard renderer.serve(request, to: writer) else { return 0 }
            default:
                return 0
            }
        }
        return 0
    }

    /// Sets the address-space limit the first time a request names it.
    private static func limitMemory(_ bytes: Int, once limited: inout Bool) {
        // A sanitizer's shadow memory takes terabytes of address space: under one (the ThreadSanitizer
        // test build) an address-space limit would stop the worker before it starts.
        guard !limited, !ExtractionWorker.runsUnderSanitizer else { return }
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        limited = true
    }

    /// Extracts one document for `request`; false when the parent has gone.
    private static func serve(_ request: ExtractionRequest, to output: WorkerOutput) -> Bool {
        // Once pages are under way, a failure ends the worker too: its helper thread may still be busy
        // with the document, and must not share a Tesseract handle with the next one.
        var pagesStarted = false
        do throws(IngestError) {
            let source = try SourceFile.read(request.path)
            let pdf = try PDFDocument(source: source, path: request.path, password: request.password)
            let numbers = Array(stride(from: max(1, request.firstPage), through: pdf.pageCount, by: 1))
            // With two threads, a second poppler document reads every other page alongside (poppler
            // documents are not thread-safe); frames still go out in page order, each as soon as it is ready.
            // It starts before the outline is read, which takes a long manual's first thread a tenth of a
            // second (every entry's destination resolved to a page).
            let helper = request.threads > 1 && numbers.count > 1
                ? try? PDFDocument(source: source, path: request.path, password: request.password) : nil
            let ahead = helper.map { AlternatePages(pdf: $0, numbers: numbers, request: request) }
            let outline = pdf.outline()
            let info = ExtractedDocumentInfo(sha256: source.sha256, metadata: pdf.metadata, outline: outline,
                                             allowsTextCopy: pdf.allowsTextCopy)
            guard output.write(.document, info.record()) else { return false }
            // Each extraction thread has its own Tesseract handle, kept for the worker's next documents.
            let ocr = ocrEngines.main(for: request.ocr)
            pagesStarted = true
            for (index, number) in numbers.enumerated() {
                let extracted = if let ahead, index % 2 == 1 {
                    try ahead.take(number).get()
                } else {
                    try extract(number, from: pdf, request: request, ocr: ocr)
                }
                var record = ScratchRecord()
                record.put(extracted.page)
                record.put(extracted.wantsCachedOCR)
                guard output.write(.page, record) else { return false }
            }
            return output.write(.done, ScratchRecord())
        } catch {
            var record = ScratchRecord()
            record.put(error)
            return output.write(.failure, record) && !pagesStarted
        }
    }
}

/// One page (OCR'd when `request` says so), or an empty one when it is to be skipped; the debug fault
/// hook fires here.
private func extract(_ number: Int, from pdf: PDFDocument, request: ExtractionRequest,
                     ocr: PageOCR?) throws(IngestError) -> (page: Page, wantsCachedOCR: Bool) {
    #if DEBUG
    WorkerFault.inject(at: number)
    #endif
    if request.skip.contains(number) { return (Page(number: number, text: ""), false) }
    return try pdf.page(number, ocr: ocr, cached: request.cachedOCR)
}

/// The Tesseract handles of a worker's two extraction threads, kept from one document to the next while
/// the OCR settings stay the same (loading a language model costs a few tenths of a second).
// @unchecked Sendable: `main` is used by the serving thread alone and `helper` by one `AlternatePages`
// thread at a time (a document's helper thread ends before the next document starts, see `take`).
private final class OCREngines: @unchecked Sendable {
    private var mainEngine: PageOCR?
    private var helperEngine: PageOCR?

    func main(for settings: OCRSettings) -> PageOCR? {
        mainEngine = reuse(mainEngine, settings)
        return mainEngine
    }

    func helper(for settings: OCRSettings) -> PageOCR? {
        helperEngine = reuse(helperEngine, settings)
        return helperEngine
    }

    private func reuse(_ engine: PageOCR?, _ settings: OCRSettings) -> PageOCR? {
        guard settings.mode != .never else { return nil }
        if let engine, engine.settings == settings { return engine }
        return PageOCR(settings: settings)
    }
}

private let ocrEngines = OCREngines()

/// The odd-indexed pages of `numbers`, extracted on a thread of their own from a second document, at
/// most a few pages ahead of the writer; up to `startingLead` ahead before the writer takes its first
/// (while the first thread reads the outline).
// @unchecked Sendable: `pdf` is used by the extracting thread alone; every var is read and written only
// while `condition` is locked.
private final class AlternatePages: @unchecked Sendable {
    typealias Extracted = Result<(page: Page, wantsCachedOCR: Bool), IngestError>
    private let condition = NSCondition()
    private var ready: [Int: Extracted] = [:]
    private var taken = 0
    private let pdf: PDFDocument
    /// Pages extracted ahead at most once the writer takes them, and before it has taken any.
    static let lead = 4
    static let startingLead = 64

    init(pdf: PDFDocument, numbers: [Int], request: ExtractionRequest) {
        self.pdf = pdf
        let mine = numbers.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        Thread { [self] in
            let ocr = ocrEngines.helper(for: request.ocr)
            for (count, number) in mine.enumerated() {
                condition.withLock {
                    while count - taken > (taken == 0 ? AlternatePages.startingLead : AlternatePages.lead) { condition.wait() }
                }
                let page: Extracted
                do throws(IngestError) {
                    page = .success(try extract(number, from: self.pdf, request: request, ocr: ocr))
                } catch {
                    page = .failure(error)
                }
                condition.withLock {
                    ready[number] = page
                    condition.broadcast()
                }
            }
        }.start()
    }

    func take(_ number: Int) -> Extracted {
        condition.withLock {
            while ready[number] == nil { condition.wait() }
            taken += 1
            condition.broadcast()
            return ready.removeValue(forKey: number)!
        }
    }
}

#if DEBUG
/// A debug-build fault hook, as SQLite tests its I/O errors: `MANUAL_WORKER_FAULT=KIND@PAGE` makes the
/// worker abort, hang or allocate without bound when it reaches physical page PAGE. Release builds
/// have no such hook.
enum WorkerFault {
    static func inject(at page: Int) {
        guard let spec = ProcessInfo.processInfo.environment["MANUAL_WORKER_FAULT"] else { return }
        let parts = spec.split(separator: "@")
        guard parts.count == 2, Int(parts[1]) == page else { return }
        switch parts[0] {
        case "abort": abort()
        case "hang": while true { sleep(60) }
        case "alloc":
            var blocks: [UnsafeMutableRawPointer] = []
            while true {
                guard let block = malloc(64 << 20) else { abort() }
                memset(block, 1, 64 << 20)
                blocks.append(block)
            }
        default: return
        }
    }
}
#endif
