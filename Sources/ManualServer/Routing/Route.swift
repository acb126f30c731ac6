import Foundation

/// One route: a method and a path pattern such as `/api/documents/{id}/pages/{page}.png`. A `{name}`
/// matches one path component (with the literal text after it, like `.png`, required).
struct Route: Sendable, CustomStringConvertible {
    let method: String
    let pattern: String
    private let parts: [Part]

    private enum Part: Sendable {
        case literal(String)
        case parameter(name: String, suffix: String)
    }

    init(_ method: String, _ pattern: String) {
        self.method = method
        self.pattern = pattern
        parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map { component in
            guard component.hasPrefix("{"), let close = component.firstIndex(of: "}") else { return .literal(String(component)) }
            return .parameter(name: String(component[component.index(after: component.startIndex)..<close]),
                              suffix: String(component[component.index(after: close)...]))
        }
    }

    /// The parameters when `path` matches, nil otherwise.
    func match(_ path: [Substring]) -> [String: String]? {
        guard path.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, component) in zip(parts, path) {
            switch part {
            case .literal(let text):
                guard component == text else { return nil }
            case .parameter(let name, let suffix):
                guard component.hasSuffix(suffix), component.count > suffix.count else { return nil }
                let value = String(component.dropLast(suffix.count))
                parameters[name] = value.removingPercentEncoding ?? value
            }
        }
        return parameters
    }

    var description: String { "\(method) \(pattern)" }

    /// A path split into its components ("/api/documents/3" → ["api", "documents", "3"]).
    static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
