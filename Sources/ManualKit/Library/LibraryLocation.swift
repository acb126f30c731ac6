import Foundation

/// Where the library file lives when the caller does not say.
public enum LibraryLocation {
    /// `explicit`, else `$MANUAL_DB`, else `$XDG_DATA_HOME/manual/library.sqlite`, else `~/.local/share/manual/library.sqlite`.
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return SourceFile.absolute(explicit) }
        if let fromEnvironment = environment["MANUAL_DB"], !fromEnvironment.isEmpty {
            return SourceFile.absolute(fromEnvironment)
        }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("manual/library.sqlite")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/manual/library.sqlite")
    }
}
