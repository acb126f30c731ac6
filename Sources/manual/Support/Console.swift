import Foundation
import ManualKit

/// Writes to stdout and stderr; knows whether stderr is a terminal (for progress lines).
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Rewrites the current terminal line on stderr.
    static func progress(_ line: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    static func clearProgress() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    /// Stable JSON: sorted keys, so the same library and question give the same bytes.
    static func json<T: Encodable>(_ value: T, pretty: Bool = true) -> String {
        StableJSON.string(value, pretty: pretty)
    }
}
