import Foundation
import ManualIndex
import ManualIngest

/// A failure as a person reads it: one line naming the file or library and what is wrong, and the
/// documented exit code. The CLI prints it and exits with the code; the server sends it as a JSON error
/// with the HTTP status its code maps to. Both take the words from here, so they say the same thing.
///
/// Exit codes (also in docs/exit-codes.md):
///   0 ok · 1 unexpected error · 64 usage error
///   10 file not found · 11 is a directory · 12 permission denied · 13 empty file · 14 not a PDF
///   15 damaged PDF · 16 password required · 17 wrong password · 18 no extractable text (scanned)
///   19 file cannot be read
///   20 library is not a database · 21 library from a newer version · 22 library is read-only
///   23 disk full · 24 library cannot be created · 25 library busy · 26 other database error
///   27 temporary folder full or unwritable · 28 OCR language data not installed · 29 the same shard of the
///   same batch job (`--shard i/n`) is running in another process
///   30 no such document · 31 no such query · 32 no such page · 33 the document's PDF is missing or
///   changed since it was ingested · 34 the page could not be drawn · 35 no section heading contains the
///   text a search is limited to · 36 no library at the path (a command other than `ingest` never creates one)
///   130 interrupted (Ctrl-C or SIGTERM) while a document was read: nothing was written for it
public struct ProblemReport: Error, Sendable {
    public var message: String
    public var exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The report for one of ManualKit's errors; nil for an error ManualKit does not know.
    public init?(_ error: Error) {
        switch error {
        case let error as IngestError: self = ProblemReport.describe(error)
        case let error as StoreError: self = ProblemReport.describe(error)
        case let error as PageImageError: self = ProblemReport.describe(error)
        case let error as SearchFilterError: self = ProblemReport.describe(error)
        case let error as ProblemReport: self = error
        default: return nil
        }
    }

    public static func describe(_ error: IngestError) -> ProblemReport {
        switch error {
        case .fileNotFound(let p): return ProblemReport(message: "\(p): no such file", exitCode: 10)
        case .isDirectory(let p): return ProblemReport(message: "\(p): a folder with no PDF files in it", exitCode: 11)
        case .permissionDenied(let p): return ProblemReport(message: "\(p): permission denied (cannot read the file)", exitCode: 12)
        case .emptyFile(let p): return ProblemReport(message: "\(p): the file is empty (0 bytes)", exitCode: 13)
        case .notPDF(let p): return ProblemReport(message: "\(p): not a PDF file (no %PDF header)", exitCode: 14)
        case .damaged(let p, let reason):
            return ProblemReport(message: "\(p): damaged PDF that cannot be opened (\(reason))", exitCode: 15)
        case .passwordRequired(let p):
            return ProblemReport(message: "\(p): the PDF is encrypted; give its password with --password", exitCode: 16)
        case .wrongPassword(let p): return ProblemReport(message: "\(p): wrong password for this encrypted PDF", exitCode: 17)
        case .noExtractableText(let p, let pages):
            return ProblemReport(message: "\(p): none of its \(pages) pages has text, from its text layer or from OCR "
                                 + "(with --ocr never, a scanned PDF has none)", exitCode: 18)
        case .pagesSkipped(let p, let pages, let skipped):
            return ProblemReport(message: "\(p): no text could be read from its \(pages) page\(pages == 1 ? "" : "s") ("
                                 + skipped.prefix(3).joined(separator: "; ") + (skipped.count > 3 ? "; …" : "") + ")", exitCode: 18)
        case .unreadable(let p, let reason): return ProblemReport(message: "\(p): \(reason)", exitCode: 19)
        case .interrupted(let p): return ProblemReport(message: "\(p): interrupted; nothing was written for it", exitCode: 130)
        case .ocrLanguageUnavailable(let p, let language):
            // Debian names its packages after the code, lower case with dashes: chi_sim -> tesseract-ocr-chi-sim.
            let package = "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
            return ProblemReport(message: (p.isEmpty ? "" : "\(p): ") + "OCR language '\(language)' is not installed "
                                 + "(Tesseract has no \(language).traineddata); install the Debian package \(package)", exitCode: 28)
        case .noScratchSpace(let p, let reason):
            return ProblemReport(message: "\(p): cannot write temporary data while processing it (\(reason)); set TMPDIR to a folder with room",
                                 exitCode: 27)
        }
    }

    public static func describe(_ error: StoreError) -> ProblemReport {
        switch error {
        case .notADatabase(let p):
            return ProblemReport(message: "library \(p): not a manual library (not an SQLite database, or damaged); left untouched", exitCode: 20)
        case .newerSchema(let p, let found, let supported):
            return ProblemReport(message: "library \(p): written by a newer manual (schema \(found), this one knows \(supported)); left untouched",
                                 exitCode: 21)
        case .readOnly(let p): return ProblemReport(message: "library \(p): read-only (check permissions of the file and its folder)", exitCode: 22)
        case .diskFull(let p): return ProblemReport(message: "library \(p): disk full; nothing was written", exitCode: 23)
        case .cannotCreate(let p, let reason): return ProblemReport(message: "library \(p): cannot be created (\(reason))", exitCode: 24)
        case .noLibrary(let p):
            return ProblemReport(message: "\(p): no library here; add a manual with '\(LibraryLocation.ingestCommand(for: p))'", exitCode: 36)
        case .busy(let p): return ProblemReport(message: "library \(p): busy (another manual process holds it); try again", exitCode: 25)
        case .jobRunning(let p, let job):
            return ProblemReport(message: "library \(p): busy: another process is running \(job); nothing was done", exitCode: 29)
        case .sqlite(let p, let code, let message):
            return ProblemReport(message: "library \(p): database error \(code): \(message)", exitCode: 26)
        case .serverUnreachable(let p, let reason):
            return ProblemReport(message: "library \(p): cannot reach the PostgreSQL server (\(reason))", exitCode: 37)
        case .authenticationFailed(let p, let reason):
            return ProblemReport(message: "library \(p): the PostgreSQL server refused the login (\(reason)); check the user and "
                                 + "password (PGPASSWORD or ~/.pgpass)", exitCode: 38)
        case .noDatabase(let p, let reason):
            return ProblemReport(message: "library \(p): \(reason) on the PostgreSQL server; create it first (createdb)", exitCode: 39)
        case .connectionLost(let p, let reason):
            return ProblemReport(message: "library \(p): the PostgreSQL server went away (\(reason)); what the command was writing was rolled back",
                                 exitCode: 44)
        case .postgres(let p, let state, let message):
            return ProblemReport(message: "library \(p): database error \(state): \(message)", exitCode: 26)
        case .clientLibraryMissing(let reason):
            return ProblemReport(message: "a postgres:// library needs libpq, the PostgreSQL client library (install the Debian package "
                                 + "libpq5): \(reason)", exitCode: 127)
        case .documentNotFound(let what): return ProblemReport(message: "no document \(what) in the library (see 'manual list')", exitCode: 30)
        case .queryNotFound(let id): return ProblemReport(message: "no query \(id) in the history (see 'manual history')", exitCode: 31)
        case .scratchUnreadable(let reason):
            return ProblemReport(message: "cannot read back temporary data while writing to the library (\(reason)); nothing was written",
                                 exitCode: 27)
        }
    }

    public static func describe(_ error: SearchFilterError) -> ProblemReport {
        switch error {
        case .noSuchPage(let id, let page, let count):
            return ProblemReport(message: "document #\(id) has no page \(page) (it has \(count) page\(count == 1 ? "" : "s"))", exitCode: 32)
        case .pageBeyondEveryDocument(let page, let longest):
            return ProblemReport(message: "no document in the library has a page \(page) (the longest has \(longest) "
                                 + "page\(longest == 1 ? "" : "s"))", exitCode: 32)
        case .noSuchSection(let text, let id, let page):
            let within = (page.map { " on page \($0)" } ?? "") + (id.map { " of document #\($0)" } ?? "")
            let outline = id.map { "'manual show \($0) --outline'" } ?? "'manual show ID --outline'"
            return ProblemReport(message: "no section heading\(within) contains \"\(text)\" (see \(outline))", exitCode: 35)
        }
    }

    public static func describe(_ error: PageImageError) -> ProblemReport {
        switch error {
        case .document(let error): return describe(error)
        case .noSuchPage(let id, let page, let count):
            return ProblemReport(message: "document #\(id) has no page \(page) (it has \(count) page\(count == 1 ? "" : "s"))", exitCode: 32)
        case .sourceMissing(let p):
            return ProblemReport(message: "\(p): the PDF this document was ingested from is gone; its pages cannot be shown", exitCode: 33)
        case .sourceChanged(let p):
            return ProblemReport(message: "\(p): the PDF changed since it was ingested; run 'manual reindex --changed' first", exitCode: 33)
        case .renderFailed(let p, let page, let reason):
            return ProblemReport(message: "\(p): page \(page) could not be drawn (\(reason))", exitCode: 34)
        }
    }
}
