import Foundation
import TestSupport

/// A real `manual serve` on a free port over a library, stopped (SIGTERM) when the test is done.
final class ServerProcess {
    let child: Child
    let port: Int
    var client: HTTPClient { HTTPClient(port: port) }

    /// Starts the server and waits for the line that says where it listens.
    init(library: String, arguments: [String] = [], environment: [String: String] = [:]) throws {
        child = try Child(ManualRunner.binary, ["serve", "--db", library, "--port", "0"] + arguments, environment: environment)
        let deadline = Date().addingTimeInterval(30)
        var found: Int?
        while found == nil && Date() < deadline {
            if let range = child.stdoutSoFar.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                found = Int(child.stdoutSoFar[range].split(separator: ":").last!.dropLast())
            } else if child.hasExited {
                break
            } else {
                usleep(20_000)
            }
        }
        guard let found else { throw StartError(output: child.wait(timeout: 5).description) }
        port = found
    }

    struct StartError: Error, CustomStringConvertible {
        var output: String
        var description: String { "the server did not start: \(output)" }
    }

    /// SIGTERM, then how the process ended, waiting at most `timeout` seconds for it to finish what is in flight.
    @discardableResult
    func stop(timeout: Double = 30) -> ChildResult {
        child.send(SIGTERM)
        return child.wait(timeout: timeout)
    }

    deinit {
        if !child.hasExited { stop() }
    }
}

/// A library holding the sample manual, made with the CLI.
func sampleLibrary(_ folder: TemporaryFolder) -> String {
    let path = folder.path("library.sqlite")
    let result = ManualRunner(library: path).run("ingest", "-q", Fixtures.sampleManual)
    precondition(result.status == 0, "ingest failed: \(result.stderr)")
    return path
}
