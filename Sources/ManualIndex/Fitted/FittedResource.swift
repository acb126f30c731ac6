import Foundation

/// Parameters fitted by a committed script and compiled into the build as JSON, which an environment
/// variable naming a JSON file of the same shape replaces for one process. The fitting scripts score a
/// held-out manual that way, with parameters fitted without it (docs/quality.md).
package enum FittedResource {
    /// The parameters named by `variable` if it is set and usable, else the compiled ones. The CLI refuses
    /// an unusable file before any question (`fromEnvironment`), so falling back here never hides one.
    package static func load<T: FittedParameters>(_ type: T.Type, variable: String, compiled json: String) -> T {
        (try? fromEnvironment(type, variable: variable)) ?? compiled(type, json)
    }

    /// The compiled parameters, read by `FittedJSON` (`JSONDecoder` only if that cannot read them, which
    /// `FittedJSONTests` fails). The resource is generated and checked by the script that writes it; a build
    /// whose resource does not decode is a broken build, which every answer test catches.
    package static func compiled<T: FittedParameters>(_ type: T.Type, _ json: String) -> T {
        FittedJSON.parse(json).flatMap(T.init(fitted:)) ?? decoded(type, json)
    }

    /// `json` read by `JSONDecoder`: what `compiled` must equal.
    package static func decoded<T: Decodable>(_ type: T.Type, _ json: String) -> T {
        try! JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The parameters of the file `variable` names, nil when it is not set; throws `FittedResourceError`
    /// for a file that cannot be read or decoded.
    package static func fromEnvironment<T: Decodable>(_ type: T.Type, variable: String) throws -> T? {
        // `getenv`, not `ProcessInfo.processInfo.environment`, which builds a dictionary of the whole
        // environment at each call: four calls were a hundredth of a `manual query` process.
        guard let value = getenv(variable) else { return nil }
        let path = String(cString: value)
        guard !path.isEmpty else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FittedResourceError(path: path, variable: variable, reason: "cannot be read")
        }
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw FittedResourceError(path: path, variable: variable, reason: "is not a file of fitted parameters (\(error))")
        }
    }
}

/// An environment variable names a file of fitted parameters that is not usable.
public struct FittedResourceError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let variable: String
    public let reason: String
    public var description: String { "\(path) (\(variable)) \(reason)" }
}

/// Fitted parameters that can be read from `FittedJSON` as well as decoded: nil when the value is not of
/// their shape. A member the synthesised `Decodable` would skip (an unknown key) is skipped here too.
package protocol FittedParameters: Decodable {
    init?(fitted: FittedJSON)
}
