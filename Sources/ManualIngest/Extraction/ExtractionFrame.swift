import Foundation
import ManualIndex

/// The worker protocol: frames of `[kind: u8][length: u32 little-endian][payload]`, payloads written
/// with `ScratchRecord`. The parent sends one `request`; the worker answers `document`, then one `page`
/// frame per page in order, then `done`, or `failure` at any point. Between them, while a page is being
/// recognised by OCR, `busy` every 50 ms (`WorkerOutput`): the parent then gives the page longer. A
/// `render` request is answered by one `image` frame (PNG bytes) or `failure`.
enum FrameKind: UInt8 {
    case request = 0x51     // Q
    case document = 0x44    // D
    case page = 0x50        // P
    case failure = 0x45     // E
    case done = 0x5A        // Z
    case busy = 0x42        // B
    case render = 0x52      // R
    case image = 0x49       // I
}

struct Frame {
    var kind: FrameKind
    var payload: ScratchRecord.Reader
}

/// What the parent asks of a worker.
struct ExtractionRequest {
    var path: String
    var password: String?
    /// The first page to extract, 1-based; earlier pages were read by a worker before this one.
    var firstPage: Int
    /// Pages not to try (skipped before under the same budgets): answered with empty pages.
    var skip: Set<Int>
    var memoryBytes: Int
    /// Threads the worker may extract on (2 when the parent found a core idle).
    var threads: Int
    /// Which pages to OCR, and how.
    var ocr: OCRSettings = OCRSettings()
    /// Pages whose OCR result the parent has (the library's cache): not recognised again, but answered
    /// with their text layer and `wantsCachedOCR`.
    var cachedOCR: Set<Int> = []

    func record() -> ScratchRecord {
        var r = ScratchRecord()
        r.put(path)
        r.put(password)
        r.put(firstPage)
        r.put(skip.sorted().map(String.init))
        r.put(memoryBytes)
        r.put(threads)
        r.put(ocr.mode.rawValue)
        r.put(ocr.language)
        r.put(ocr.dpi)
        r.put(cachedOCR.sorted().map(String.init))
        return r
    }

    init(path: String, password: String?, firstPage: Int, skip: Set<Int>, memoryBytes: Int, threads: Int) {
        self.path = path
        self.password = password
        self.firstPage = firstPage
        self.skip = skip
        self.memoryBytes = memoryBytes
        self.threads = threads
    }

    init(_ r: inout ScratchRecord.Reader) {
        path = r.string()
        password = r.optionalString()
        firstPage = r.int()
        skip = Set(r.strings().compactMap { Int($0) })
        memoryBytes = r.int()
        threads = r.int()
        ocr = OCRSettings(mode: OCRSettings.Mode(rawValue: r.string()) ?? .never, language: r.string(), dpi: r.int())
        cachedOCR = Set(r.strings().compactMap { Int($0) })
    }
}

/// What a worker reports about the document before its pages.
struct ExtractedDocumentInfo {
    var sha256: String
    var metadata: PDFMetadata
    var outline: [OutlineEntry]
    var allowsTextCopy: Bool

    func record() -> ScratchRecord {
        var r = ScratchRecord()
        r.put(sha256)
        r.put(metadata.title)
        r.put(metadata.author)
        r.put(metadata.subject)
        r.put(metadata.creationDate)
        r.put(metadata.pdfID)
        r.put(metadata.pageCount)
        r.put(allowsTextCopy)
        r.put(outline.count)
        for entry in outline {
            r.put(entry.title)
            r.put(entry.page)
            r.put(entry.level)
        }
        return r
    }

    init(sha256: String, metadata: PDFMetadata, outline: [OutlineEntry], allowsTextCopy: Bool) {
        self.sha256 = sha256
        self.metadata = metadata
        self.outline = outline
        self.allowsTextCopy = allowsTextCopy
    }

    init(_ r: inout ScratchRecord.Reader) {
        sha256 = r.string()
        metadata = PDFMetadata(title: r.optionalString(), author: r.optionalString(), subject: r.optionalString(),
                               creationDate: r.optionalString(), pdfID: r.optionalString(), pageCount: r.int())
        allowsTextCopy = r.bool()
        let count = r.int()
        outline = (0..<max(0, count)).map { _ in OutlineEntry(title: r.string(), page: r.int(), level: r.int()) }
    }
}

extension ScratchRecord {
    /// An error the worker met, as the parent will report it.
    mutating func put(_ error: IngestError) {
        switch error {
        case .passwordRequired: put("passwordRequired"); put("")
        case .wrongPassword: put("wrongPassword"); put("")
        case .damaged(_, let reason): put("damaged"); put(reason)
        case .emptyFile: put("emptyFile"); put("")
        case .notPDF: put("notPDF"); put("")
        case .fileNotFound: put("fileNotFound"); put("")
        case .permissionDenied: put("permissionDenied"); put("")
        case .isDirectory: put("isDirectory"); put("")
        case .noExtractableText(_, let pages), .pagesSkipped(_, let pages, _): put("noExtractableText"); put(String(pages))
        case .unreadable(_, let reason), .noScratchSpace(_, let reason): put("unreadable"); put(reason)
        case .interrupted: put("unreadable"); put("interrupted")
        case .ocrLanguageUnavailable(_, let language): put("ocrLanguageUnavailable"); put(language)
        }
    }
}

extension ScratchRecord.Reader {
    /// The worker's error, about `path` as the user gave it.
    mutating func ingestError(path: String) -> IngestError {
        let kind = string(), detail = string()
        switch kind {
        case "passwordRequired": return .passwordRequired(path: path)
        case "wrongPassword": return .wrongPassword(path: path)
        case "damaged": return .damaged(path: path, reason: detail)
        case "emptyFile": return .emptyFile(path: path)
        case "notPDF": return .notPDF(path: path)
        case "fileNotFound": return .fileNotFound(path: path)
        case "permissionDenied": return .permissionDenied(path: path)
        case "isDirectory": return .isDirectory(path: path)
        case "noExtractableText": return .noExtractableText(path: path, pages: Int(detail) ?? 0)
        case "ocrLanguageUnavailable": return .ocrLanguageUnavailable(path: path, language: detail)
        default: return .unreadable(path: path, reason: detail)
        }
    }
}

/// Writes and reads frames on file descriptors.
enum FrameIO {
    /// Writes a whole frame; false when the other end is gone.
    static func write(_ kind: FrameKind, _ record: ScratchRecord, to fd: Int32) -> Bool {
        var bytes: [UInt8] = [kind.rawValue]
        let count = UInt32(record.bytes.count)
        withUnsafeBytes(of: count.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: record.bytes)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    enum ReadResult {
        case frame(Frame)
        /// The deadline passed with the frame incomplete.
        case timedOut
        /// The other end closed (the worker exited or died).
        case ended
        /// `stop` returned true while waiting.
        case stopped
    }

    /// Reads one frame, waiting until `deadline` (a `DispatchTime` uptime in nanoseconds) at most and
    /// asking `stop` every 100 ms.
    static func read(from fd: Int32, buffer: inout [UInt8], deadline: UInt64, stop: () -> Bool) -> ReadResult {
        while true {
            if buffer.count >= 5 {
                let length = Int(UInt32(buffer[1]) | UInt32(buffer[2]) << 8 | UInt32(buffer[3]) << 16 | UInt32(buffer[4]) << 24)
                if buffer.count >= 5 + length {
                    guard let kind = FrameKind(rawValue: buffer[0]) else { return .ended }
                    let payload = ScratchRecord.Reader(bytes: buffer[5..<(5 + length)])
                    let frame = Frame(kind: kind, payload: payload)
                    buffer.removeFirst(5 + length)
                    return .frame(frame)
                }
            }
            if stop() { return .stopped }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .timedOut }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32(min(100, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&descriptor, 1, wait)
            if ready < 0 && errno != EINTR { return .ended }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { return .ended }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}
