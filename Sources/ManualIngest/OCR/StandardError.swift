import Foundation

/// Runs code with file descriptor 2 pointed at /dev/null: for libraries that explain failures on stderr
/// when the caller reports them itself. Only for a single-threaded moment (it swaps the process's stderr).
enum StandardError {
    static func silenced<T>(_ body: () -> T) -> T {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if saved >= 0 && null >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            if saved >= 0 {
                fflush(nil)
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
            if null >= 0 { close(null) }
        }
        return body()
    }
}
