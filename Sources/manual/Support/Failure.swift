import ArgumentParser
import Foundation
import ManualKit

/// A failure turned into what the user sees: one line on stderr and a documented exit code.
///
/// Exit codes (also in the README):
///   0 ok · 1 unexpected error · 64 usage error
///   10 file not found · 11 is a directory · 12 permission denied · 13 empty file · 14 not a PDF
///   15 damaged PDF · 16 password required · 17 wrong password · 18 no extractable text (scanned)
///   19 file cannot be read
///   20 library is not a database · 21 library from a newer version · 22 library is read-only
///   23 disk full · 24 library cannot be created · 25 library busy · 26 other database error
///   27 temporary folder full or unwritable · 28 OCR language data not installed
///   30 no such document · 31 no such query
///   40 check found damage (CheckCommand) · 41 backup destination exists (BackupCommand)
///   130 interrupted (Ctrl-C or SIGTERM) while a document was read: nothing was written for it
struct Failure: Error {
    var message: String
    var code: Int32

    init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    init(_ error: Error) {
        switch error {
        case let error as IngestError: self = Failure.describe(error)
        case let error as StoreError: self = Failure.describe(error)
        case let error as Failure: self = error
        default: self = Failure(message: "unexpected error: \(error)", code: 1)
        }
    }

    static func isOurs(_ error: Error) -> Bool {
        error is IngestError || error is StoreError
    }

    static func exit(_ failure: Failure) -> Never {
        Console.error("manual: " + failure.message)
        Foundation.exit(failure.code)
    }

    static func describe(_ error: IngestError) -> Failure {
        switch error {
        case .fileNotFound(let p): return Failure(message: "\(p): no such file", code: 10)
        case .isDirectory(let p): return Failure(message: "\(p): a folder with no PDF files in it", code: 11)
        case .permissionDenied(let p): return Failure(message: "\(p): permission denied (cannot read the file)", code: 12)
        case .emptyFile(let p): return Failure(message: "\(p): the file is empty (0 bytes)", code: 13)
        case .notPDF(let p): return Failure(message: "\(p): not a PDF file (no %PDF header)", code: 14)
        case .damaged(let p, let reason):
            return Failure(message: "\(p): damaged PDF that cannot be opened (\(reason))", code: 15)
        case .passwordRequired(let p):
            return Failure(message: "\(p): the PDF is encrypted; give its password with --password", code: 16)
        case .wrongPassword(let p): return Failure(message: "\(p): wrong password for this encrypted PDF", code: 17)
        case .noExtractableText(let p, let pages):
            return Failure(message: "\(p): none of its \(pages) pages has text, from its text layer or from OCR "
                           + "(with --ocr never, a scanned PDF has none)", code: 18)
        case .pagesSkipped(let p, let pages, let skipped):
            return Failure(message: "\(p): no text could be read from its \(pages) page\(pages == 1 ? "" : "s") ("
                           + skipped.prefix(3).joined(separator: "; ") + (skipped.count > 3 ? "; …" : "") + ")", code: 18)
        case .unreadable(let p, let reason): return Failure(message: "\(p): \(reason)", code: 19)
        case .interrupted(let p): return Failure(message: "\(p): interrupted; nothing was written for it", code: 130)
        case .ocrLanguageUnavailable(let p, let language):
            // Debian names its packages after the code, lower case with dashes: chi_sim -> tesseract-ocr-chi-sim.
            let package = "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
            return Failure(message: (p.isEmpty ? "" : "\(p): ") + "OCR language '\(language)' is not installed "
                           + "(Tesseract has no \(language).traineddata); install the Debian package \(package)", code: 28)
        case .noScratchSpace(let p, let reason):
            return Failure(message: "\(p): cannot write temporary data while processing it (\(reason)); set TMPDIR to a folder with room",
                           code: 27)
        }
    }

    static func describe(_ error: StoreError) -> Failure {
        switch error {
        case .notADatabase(let p):
            return Failure(message: "library \(p): not a manual library (not an SQLite database, or damaged); left untouched", code: 20)
        case .newerSchema(let p, let found, let supported):
            return Failure(message: "library \(p): written by a newer manual (schema \(found), this one knows \(supported)); left untouched",
                           code: 21)
        case .readOnly(let p): return Failure(message: "library \(p): read-only (check permissions of the file and its folder)", code: 22)
        case .diskFull(let p): return Failure(message: "library \(p): disk full; nothing was written", code: 23)
        case .cannotCreate(let p, let reason): return Failure(message: "library \(p): cannot be created (\(reason))", code: 24)
        case .busy(let p): return Failure(message: "library \(p): busy (another manual process holds it); try again", code: 25)
        case .sqlite(let p, let code, let message):
            return Failure(message: "library \(p): database error \(code): \(message)", code: 26)
        case .documentNotFound(let what): return Failure(message: "no document \(what) in the library (see 'manual list')", code: 30)
        case .queryNotFound(let id): return Failure(message: "no query \(id) in the history (see 'manual history')", code: 31)
        case .scratchUnreadable(let reason):
            return Failure(message: "cannot read back temporary data while writing to the library (\(reason)); nothing was written",
                           code: 27)
        }
    }
}
