import ArgumentParser
import ManualKit

/// The `--db` option every command shares.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Library file, or postgres://user@host:port/dbname (default: $MANUAL_DB, else ~/.local/share/manual/library.sqlite).",
                                            valueName: "path-or-url"))
    var db: String?

    var path: String { LibraryLocation.resolve(explicit: db) }

    /// The library, which must exist: a command that only reads (or changes what is there) given a path
    /// with no library fails with `StoreError.noLibrary` and makes nothing on disk.
    func open() throws -> any Store {
        try Stores.open(path, creating: false)
    }

    /// `open()` as a `ManualLibrary`, for the commands that answer or search.
    func openLibrary() throws -> ManualLibrary {
        try LibraryOptions.openLibrary(db: db)
    }

    /// The library `--db` (nil when not given) names, as `openLibrary()` opens it.
    static func openLibrary(db: String?) throws -> ManualLibrary {
        try ManualLibrary(path: LibraryLocation.resolve(explicit: db), creating: false)
    }

    /// The library, created (with its folder) when missing: `ingest` only, the command that adds manuals.
    func openCreating() throws -> any Store {
        try Stores.open(path)
    }
}
