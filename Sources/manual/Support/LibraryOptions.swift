import ArgumentParser
import ManualKit

/// The `--db` option every command shares.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Library file (default: $MANUAL_DB, else ~/.local/share/manual/library.sqlite).",
                                            valueName: "path"))
    var db: String?

    var path: String { LibraryLocation.resolve(explicit: db) }

    func open() throws -> Store {
        try Stores.open(path)
    }
}
