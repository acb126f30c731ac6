import ArgumentParser
import Foundation
import ManualKit

/// A failure turned into what the user sees: one line on stderr and a documented exit code.
///
/// The words and codes come from `ProblemReport` (ManualKit), which the server uses too; the codes
/// are listed there and in docs/exit-codes.md. This CLI adds 40 check found damage (CheckCommand), 41 backup
/// destination exists (BackupCommand), 42 port in use (ServeCommand) and 74 output cannot be written.
struct Failure: Error {
    var message: String
    var code: Int32

    init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    init(_ error: Error) {
        if let error = error as? Failure {
            self = error
        } else if let report = ProblemReport(error) {
            self = Failure(message: report.message, code: report.exitCode)
        } else {
            self = Failure(message: "unexpected error: \(error)", code: 1)
        }
    }

    static func isOurs(_ error: Error) -> Bool {
        ProblemReport(error) != nil
    }

    static func exit(_ failure: Failure) -> Never {
        Console.error("manual: " + failure.message)
        Foundation.exit(failure.code)
    }
}
