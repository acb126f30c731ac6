import Foundation
import ManualKit

/// Writes to stdout and stderr; knows whether stderr is a terminal (for progress lines).
enum Console {
    static func out(_ line: String) {
        out(bytes: Array((line + "\n").utf8))
    }

    /// Writes to stdout or ends the process: a closed or full output is never a crash.
    static func out(bytes: [UInt8]) {
        guard write(bytes, to: STDOUT_FILENO) else {
            // The reader went away (`manual list | head`): end quietly, as SIGPIPE would.
            if errno == EPIPE { exit(141) }
            // Output that cannot be written (a full disk under a redirect) is an error, not a crash.
            error("manual: cannot write the output (\(String(cString: strerror(errno))))")
            exit(Console.outputFailed)
        }
    }

    /// Writes `bytes` to the file at `path` (created or replaced); the system's reason when it cannot.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        return write(bytes, to: fd) ? nil : String(cString: strerror(errno))
    }

    static func error(_ line: String) {
        _ = write(line + "\n", to: STDERR_FILENO)
    }

    /// The exit code when stdout cannot be written.
    static let outputFailed: Int32 = 74

    /// Writes all of `text`; false on an error (FileHandle.write would trap instead).
    private static func write(_ text: String, to fd: Int32) -> Bool {
        write(Array(text.utf8), to: fd)
    }

    private static func write(_ all: [UInt8], to fd: Int32) -> Bool {
        var bytes = all[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Rewrites the current terminal line on stderr.
    static func progress(_ line: String) {
        _ = write("\r\u{1B}[2K" + line, to: STDERR_FILENO)
    }

    static func clearProgress() {
        _ = write("\r\u{1B}[2K", to: STDERR_FILENO)
    }

    /// Stable JSON: sorted keys, so the same library and question give the same bytes.
    static func json<T: Encodable>(_ value: T, pretty: Bool = true) -> String {
        StableJSON.string(value, pretty: pretty)
    }
}
