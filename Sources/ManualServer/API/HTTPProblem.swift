import Foundation
import Hummingbird
import ManualKit

/// An error as the API sends it: `{ "error": { "code": ..., "message": ... } }` with an HTTP status.
///
/// The one place where ManualKit's failures become statuses: the message is the CLI's own line
/// (`ProblemReport`), and the status follows the CLI's exit code.
struct HTTPProblem: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var message: String

    init(status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// Any error a handler throws, as the client should see it.
    init(_ error: Error) {
        if let problem = error as? HTTPProblem {
            self = problem
        } else if let report = ProblemReport(error) {
            let (status, code) = HTTPProblem.status(forExitCode: report.exitCode)
            self.init(status: status, code: code, message: report.message)
        } else {
            self.init(status: .internalServerError, code: "internal", message: "unexpected error: \(error)")
        }
    }

    /// The CLI's exit codes (docs/exit-codes.md) as HTTP statuses and stable error codes.
    static func status(forExitCode exitCode: Int32) -> (HTTPResponse.Status, String) {
        switch exitCode {
        case 10: return (.unprocessableContent, "file_not_found")
        case 13: return (.unprocessableContent, "empty_file")
        case 14: return (.unprocessableContent, "not_a_pdf")
        case 15: return (.unprocessableContent, "damaged_pdf")
        case 16: return (.unprocessableContent, "password_required")
        case 17: return (.unprocessableContent, "wrong_password")
        case 18: return (.unprocessableContent, "no_text")
        case 11, 12, 19: return (.unprocessableContent, "unreadable")
        case 22: return (.serviceUnavailable, "library_read_only")
        case 23, 27: return (.insufficientStorageOrServerError, "disk_full")
        case 25: return (.serviceUnavailable, "library_busy")
        case 37, 44: return (.serviceUnavailable, "database_unavailable")
        case 30: return (.notFound, "no_such_document")
        case 31: return (.notFound, "no_such_query")
        case 32: return (.notFound, "no_such_page")
        case 33: return (.conflict, "source_changed")
        case 34: return (.unprocessableContent, "page_not_drawn")
        case 35: return (.notFound, "no_such_section")
        case 130: return (.serviceUnavailable, "interrupted")
        default: return (.internalServerError, "library_error")
        }
    }

    var response: Response {
        JSONResponse.make(ErrorBody(error: .init(code: code, message: message)), status: status)
    }

    private struct ErrorBody: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var error: Detail
    }
}
