internal import CPoppler
import Foundation
import ManualIndex

/// An open PDF file read through poppler-glib.
///
/// Poppler documents are not thread-safe: give each worker its own `PDFDocument`.
public final class PDFDocument {
    /// Poppler's document; used by this class and its OCR extension (`PDFDocument+OCR.swift`).
    let handle: OpaquePointer
    /// The path the document was read from, as given by the caller.
    public let path: String
    /// Title, author, dates and page count.
    public let metadata: PDFMetadata

    /// Opens a PDF from bytes in memory (an upload, say); `path` names it in errors.
    public init(bytes: Data, path: String, password: String? = nil) throws(IngestError) {
        self.path = path
        guard !bytes.isEmpty else { throw .emptyFile(path: path) }
        guard PDFDocument.looksLikePDF(bytes) else { throw .notPDF(path: path) }

        var gerror: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer?
        if let password {
            opened = try PDFDocument.openWithPassword(bytes, password: password, path: path, error: &gerror)
        } else {
            opened = PDFDocument.openInMemory(bytes, error: &gerror)
        }
        guard let opened else {
            throw PDFDocument.openError(gerror, path: path, passwordGiven: password != nil)
        }
        handle = opened
        metadata = PDFDocument.readMetadata(opened)
    }

    /// Opens the PDF `source` was hashed from: its bytes when they were kept, else the file, after
    /// checking it is still the one hashed, so that the bytes parsed are always the bytes hashed.
    public init(source: SourceFile, path: String, password: String? = nil) throws(IngestError) {
        self.path = path
        guard source.byteSize > 0 else { throw .emptyFile(path: path) }
        guard source.hasPDFHeader else { throw .notPDF(path: path) }
        var gerror: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer?
        if password == nil, let bytes = source.bytes {
            opened = PDFDocument.openInMemory(bytes, error: &gerror)
        } else {
            // O_NONBLOCK as when hashing: whatever now sits at the path must not hang the open.
            let fd = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                throw .unreadable(path: path, reason: "cannot open the file again (\(String(cString: strerror(errno))))")
            }
            var info = stat()
            guard fstat(fd, &info) == 0, source.identity == nil || FileIdentity(info) == source.identity else {
                close(fd)
                throw .unreadable(path: path, reason: SourceFile.changedReason)
            }
            if let password {
                // Poppler 22.12 crashes on a wrong password for a document in memory, and on a
                // descriptor calls it damage; by name it reports it right. The path was just checked
                // to be the file hashed, and `SourceFile.checkUnchanged` checks again once it is parsed.
                close(fd)
                guard let uri = g_filename_to_uri(source.path, nil, nil) else {
                    throw .unreadable(path: path, reason: "cannot name the file for poppler")
                }
                defer { g_free(uri) }
                opened = poppler_document_new_from_file(uri, password, &gerror)
            } else {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                // Poppler takes the descriptor over, and closes it with the document.
                opened = poppler_document_new_from_fd(fd, nil, &gerror)
            }
        }
        guard let opened else {
            throw PDFDocument.openError(gerror, path: path, passwordGiven: password != nil)
        }
        handle = opened
        metadata = PDFDocument.readMetadata(opened)
    }

    /// Poppler's document over `bytes`, without a password.
    private static func openInMemory(_ bytes: Data, error: inout UnsafeMutablePointer<GError>?) -> OpaquePointer? {
        let gbytes = lend(bytes)
        defer { g_bytes_unref(gbytes) }
        return poppler_document_new_from_bytes(gbytes, nil, &error)
    }

    /// The bytes as a GBytes that shares their memory: a PDF is in memory once, not once per poppler
    /// document (a batch worker and its page-reading helper each open their own).
    private static func lend(_ bytes: Data) -> OpaquePointer {
        // Tiny values may live inside the Data itself, where no pointer outlives the closure.
        guard bytes.count >= 64 else {
            return bytes.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count)) }
        }
        // The box's Data is never mutated and lives until poppler releases the GBytes, so its
        // contiguous storage stays where it is.
        let box = Unmanaged.passRetained(LentBytes(bytes))
        let (base, count) = box.takeUnretainedValue().data.withUnsafeBytes { ($0.baseAddress, $0.count) }
        return g_bytes_new_with_free_func(base, gsize(count), { Unmanaged<LentBytes>.fromOpaque($0!).release() },
                                          box.toOpaque())
    }

    private final class LentBytes {
        let data: Data
        init(_ data: Data) { self.data = data }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Number of physical pages.
    public var pageCount: Int { metadata.pageCount }

    /// Whether the document's permissions allow copying its text.
    public var allowsTextCopy: Bool {
        poppler_document_get_permissions(handle).rawValue & POPPLER_PERMISSIONS_OK_TO_COPY.rawValue != 0
    }

    /// Extracts one page, 1-based, with its label, text and layout lines.
    public func page(_ number: Int) -> Page {
        guard let raw = poppler_document_get_page(handle, Int32(number - 1)) else {
            return Page(number: number, text: "")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(raw)) }
        return PageExtractor(page: raw).extract(number: number)
    }

    /// Page `request.page` drawn as PNG, with the highlight marked; nil when poppler cannot draw it.
    public func pageImage(_ request: PageImageRequest) -> [UInt8]? {
        PageImageRenderer(document: handle).png(request)
    }

    /// `pageImage`, or why there is none: a page outside the document, or one poppler cannot draw.
    func png(_ request: PageImageRequest) throws(IngestError) -> [UInt8] {
        guard pageCount > 0, (1...pageCount).contains(request.page) else {
            throw .unreadable(path: path, reason: "no page \(request.page) (the PDF has \(pageCount))")
        }
        guard let png = pageImage(request) else {
            throw .unreadable(path: path, reason: "page \(request.page) could not be drawn")
        }
        return png
    }

    /// The bookmarks of the document, flattened in reading order with their depth.
    public func outline() -> [OutlineEntry] {
        OutlineReader(document: handle).read()
    }

    /// Poppler 22.12 crashes when a wrong password is given to a document opened from memory,
    /// so with a password the same bytes go through a private temporary file instead.
    private static func openWithPassword(_ bytes: Data, password: String, path: String,
                                         error: inout UnsafeMutablePointer<GError>?) throws(IngestError) -> OpaquePointer? {
        var template = Array((NSTemporaryDirectory() + "/manual-XXXXXX.pdf").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw .unreadable(path: path, reason: "cannot create a temporary file to decrypt it") }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer {
            close(fd)
            unlink(tempPath)
        }
        let written = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress, raw.count) }
        guard written == bytes.count, let uri = g_filename_to_uri(tempPath, nil, nil) else {
            throw .unreadable(path: path, reason: "cannot write a temporary file to decrypt it")
        }
        defer { g_free(uri) }
        return poppler_document_new_from_file(uri, password, &error)
    }

    /// How far into a file the `%PDF-` header may be: readers accept it after some junk.
    static let headerWindow = 1024

    private static func looksLikePDF(_ bytes: Data) -> Bool {
        hasHeader([UInt8](bytes.prefix(headerWindow)))
    }

    /// Whether `head`, a file's first bytes, holds the `%PDF-` header.
    static func hasHeader(_ head: [UInt8]) -> Bool {
        headerOffset(head) != nil
    }

    /// Where the `%PDF-` header starts in `head`, a file's first bytes: offsets in the file count from there.
    static func headerOffset(_ head: [UInt8]) -> Int? {
        let marker: [UInt8] = Array("%PDF-".utf8)
        guard head.count >= marker.count else { return nil }
        for start in 0...(head.count - marker.count) where head[start] == marker[0] {
            if Array(head[start..<start + marker.count]) == marker { return start }
        }
        return nil
    }

    private static func openError(_ gerror: UnsafeMutablePointer<GError>?, path: String,
                                  passwordGiven: Bool) -> IngestError {
        defer { if gerror != nil { g_error_free(gerror) } }
        guard let error = gerror?.pointee else {
            return .damaged(path: path, reason: "poppler could not open it")
        }
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        if error.domain == poppler_error_quark(), error.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            return passwordGiven ? .wrongPassword(path: path) : .passwordRequired(path: path)
        }
        return .damaged(path: path, reason: message)
    }

    private static func readMetadata(_ doc: OpaquePointer) -> PDFMetadata {
        func text(_ value: UnsafeMutablePointer<gchar>?) -> String? {
            guard let value else { return nil }
            defer { g_free(value) }
            // Whatever bytes the info dictionary holds: valid, printable, one line.
            return MetadataText.clean(String(cString: value))
        }
        var created: String?
        let stamp = poppler_document_get_creation_date(doc)
        if stamp > 0 {
            created = UTCTimestamp.format(seconds: Int(stamp))
        }
        var permanent: UnsafeMutablePointer<gchar>?
        var update: UnsafeMutablePointer<gchar>?
        var pdfID: String?
        if poppler_document_get_id(doc, &permanent, &update) != 0, let permanent {
            // The IDs are 32 raw bytes, not NUL-terminated strings.
            pdfID = (0..<32).map { String(format: "%02x", UInt8(bitPattern: permanent[$0])) }.joined()
        }
        g_free(permanent)
        g_free(update)
        return PDFMetadata(
            title: text(poppler_document_get_title(doc)),
            author: text(poppler_document_get_author(doc)),
            subject: text(poppler_document_get_subject(doc)),
            creationDate: created,
            pdfID: pdfID,
            pageCount: Int(poppler_document_get_n_pages(doc))
        )
    }
}
