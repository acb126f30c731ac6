import Foundation
import Hummingbird
import ManualKit

/// A request as handlers read it: path parameters and query values, each turned into the type the
/// handler needs or into a 400 that says which value is wrong.
struct RequestInput: Sendable {
    let request: Request
    let parameters: [String: String]
    /// The query string decoded as a browser's form GET encodes it: `+` is a space (Hummingbird's
    /// `queryParameters` only percent-decodes, so "?q=tire+pressure" would ask about "tire+pressure").
    let query: [String: String]
    /// Where the request came from (`RequestGuard`): a read from another origin is not recorded.
    let clearance: RequestGuard.Clearance
    private let forms: FormTokens

    init(request: Request, parameters: [String: String], query: [String: String], clearance: RequestGuard.Clearance,
         forms: FormTokens) {
        self.request = request
        self.parameters = parameters
        self.query = query
        self.clearance = clearance
        self.forms = forms
    }

    /// The token this browser's forms carry (`FormTokens`); pages put it into every form they render.
    var formToken: String { forms.token(for: clearance.browserID) }

    func text(_ name: String) -> String? {
        let value = query[name]
        return value?.isEmpty == false ? value : nil
    }

    /// A required text; 400 when missing or blank.
    func requiredText(_ name: String) throws(HTTPProblem) -> String {
        guard let value = text(name), !value.allSatisfy(\.isWhitespace) else {
            throw HTTPProblem(status: .badRequest, code: "missing_parameter", message: "the '\(name)' parameter is required")
        }
        return value
    }

    /// An optional whole number in `range`; 400 when it is not one.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(HTTPProblem) -> Int? {
        guard let value = text(name) else { return nil }
        guard let number = Int(value), range.contains(number) else {
            throw HTTPProblem(status: .badRequest, code: "bad_parameter",
                              message: "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value.prefix(40))'")
        }
        return number
    }

    /// A path parameter that must be a positive id or page number; 400 otherwise.
    func pathNumber(_ name: String) throws(HTTPProblem) -> Int64 {
        let value = parameters[name] ?? ""
        guard let number = Int64(value), number >= 1 else {
            throw HTTPProblem(status: .badRequest, code: "bad_path",
                              message: "'\(value.prefix(40))' is not a valid \(name == "id" ? "document id" : name) (a whole number, 1 or more)")
        }
        return number
    }
}
