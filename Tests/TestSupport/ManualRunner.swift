import Foundation

/// What a run of the `manual` binary printed and returned.
public struct RunResult {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs the built `manual` binary as a subprocess against one library file.
public struct ManualRunner: Sendable {
    public var library: String
    public var environment: [String: String] = [:]

    public init(library: String) {
        self.library = library
    }

    /// The binary: $MANUAL_BIN, else `manual` beside the test bundle in the build folder.
    public static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["MANUAL_BIN"] { return explicit }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("manual").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Fixtures.root.deletingLastPathComponent().appendingPathComponent(".build/debug/manual").path
    }()

    /// Runs `manual ARGS...` with --db pointing at this runner's library (via $MANUAL_DB).
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil) -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ManualRunner.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["MANUAL_DB"] = library
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        do { try process.run() } catch {
            return RunResult(status: -1, stdout: "", stderr: "cannot start \(ManualRunner.binary): \(error)")
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let errBuffer = ErrorBuffer()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBuffer.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBuffer.data
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    public func run(_ arguments: String...) -> RunResult { run(arguments) }
}

/// Holds what the stderr reader collected; the DispatchGroup orders the write before the read.
// @unchecked Sendable: written by the stderr reader before it leaves the DispatchGroup, read after wait().
private final class ErrorBuffer: @unchecked Sendable {
    var data = Data()
}
