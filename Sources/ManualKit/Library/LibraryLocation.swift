import Foundation
import ManualIndex
import ManualIngest

/// Where the library file lives when the caller does not say.
public enum LibraryLocation {
    /// `explicit`, else `$MANUAL_DB` (a file path, made absolute, or a `postgres://` URL as it is), else `$XDG_DATA_HOME/manual/library.sqlite`, else `~/.local/share/manual/library.sqlite`.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return Stores.isPostgres(explicit) ? explicit : SourceFile.absolute(explicit) }
        if let fromEnvironment = environment["MANUAL_DB"], !fromEnvironment.isEmpty {
            return Stores.isPostgres(fromEnvironment) ? fromEnvironment : SourceFile.absolute(fromEnvironment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("manual/library.sqlite")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/manual/library.sqlite")
    }

    /// The command that adds a first manual to the library at `path`, as a user types it: `--db PATH` only
    /// when `path` is not where `manual` looks without it (so the hint runs as printed either way).
    public static func ingestCommand(for path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let command = "manual ingest FILE.pdf"
        guard path != resolve(explicit: nil, environment: environment) else { return command }
        return command + " --db " + shellWord(path)
    }

    /// `word` as one shell word: as it is when it holds no character the shell treats specially, else in
    /// double quotes with the four characters special inside them escaped.
    static func shellWord(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "/._+,:@%-=".unicodeScalars.contains(scalar)
        }
        if plain && !word.isEmpty { return word }
        var quoted = "\""
        for character in word {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
