internal import CDeferredLibraries
import Foundation

/// Tesseract's version without loading Tesseract, for the stale-library note after a printed answer:
/// the note compares fingerprints, which name the version, and loading libtesseract and its ~50
/// dependencies to read it was 7-10 ms of a printed answer (docs/performance.md at eb03cd7, "Seventh session").
///
/// A record in this user's cache folder (`$XDG_CACHE_HOME/manual`, else `~/.cache/manual`) remembers the
/// version of the file the loader last gave, with what decides which file the loader gives: that file
/// itself, the `manual` binary and a file of the library's name beside it (`$ORIGIN` is on its library
/// path), `LD_LIBRARY_PATH` and the loader's cache (`/etc/ld.so.cache`, rewritten whenever a library is installed). When all of them
/// are as they were, the recorded version is the one loading would read; otherwise Tesseract is loaded,
/// its version read, and the record rewritten. Ingest and OCR never use the record: they load Tesseract
/// anyway and read the version from it.
public enum TesseractVersionRecord {
    /// The version loading Tesseract would read now.
    public static var version: String {
        if let recorded = read(), recorded.inputs == inputs(library: recorded.file) { return recorded.version }
        let version = TesseractEngine.version
        let file = String(cString: manual_tesseract_file())
        if !file.isEmpty { write(file: file, inputs: inputs(library: file), version: version) }
        return version
    }

    private static var recordPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/manual/tesseract-version" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/manual/tesseract-version" }
        return nil
    }

    /// What the loader's choice of file depends on, and that file, as one line.
    private static func inputs(library file: String) -> String {
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        // The loader looks for the library's name beside the binary first (`$ORIGIN`).
        let besideBinary = (binary as NSString).deletingLastPathComponent + "/" + (file as NSString).lastPathComponent
        return [file, identity(file), binary, identity(binary), identity(besideBinary),
                ProcessInfo.processInfo.environment["LD_LIBRARY_PATH"] ?? "-", identity("/etc/ld.so.cache")]
            .map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\u{1}")
    }

    /// Device, inode, size and modification time of the file at `path` (links followed); "-" when missing.
    private static func identity(_ path: String) -> String {
        var info = stat()
        guard !path.isEmpty, stat(path, &info) == 0 else { return "-" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The record: the library file, the loader's inputs, the version, a line each.
    private static func read() -> (file: String, inputs: String, version: String)? {
        guard let path = recordPath, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 4, lines[3].isEmpty, !lines[0].isEmpty, !lines[2].isEmpty else { return nil }
        return (lines[0], lines[1], lines[2])
    }

    /// Writes the record whole (a temporary file renamed over it), or not at all: it is only a cache.
    private static func write(file: String, inputs: String, version: String) {
        guard let path = recordPath, !version.contains("\n") else { return }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((file + "\n" + inputs + "\n" + version + "\n").utf8))
        else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
