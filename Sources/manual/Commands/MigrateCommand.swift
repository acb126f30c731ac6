import ArgumentParser
import Foundation
import ManualKit

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy the library into an empty PostgreSQL database or SQLite file, keeping every id.",
        discussion: """
            Every document, page, chunk, vector, the history and the ratings are copied from one snapshot of \
            the library (it stays in use meanwhile) and written in one transaction: the copy answers every \
            question exactly as the library does, and a copy that fails leaves the destination empty. The \
            destination must hold no library yet (an empty database made with createdb, or a new file). The \
            library itself is not changed: point --db (or MANUAL_DB) at the copy to use it.

            Examples:
              manual migrate --to postgres://manual@db.example.com:5432/manuals
              manual migrate --db postgres://manual@db.example.com/manuals --to ~/manuals.sqlite
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(name: .long, help: ArgumentHelp("Where to copy the library: postgres://user@host:port/dbname, or an SQLite file's path.",
                                            valueName: "url-or-path"))
    var to: String

    func run() throws {
        let source = try library.open()
        let destination = Stores.isPostgres(to) ? to : SourceFile.absolute(to)
        if destination == source.path || (!Stores.isPostgres(to) && destination == SourceFile.absolute(source.path)) {
            throw Failure(message: "\(to): that is the library itself", code: 64)
        }
        let createdFile = !Stores.isPostgres(to) && !FileManager.default.fileExists(atPath: destination)
        do {
            let target = try Stores.open(destination)
            let copied = try LibraryCopier.copy(from: source, to: target)
            Console.out("migrated \(copied.documents) document\(copied.documents == 1 ? "" : "s"), \(copied.chunks) chunks and "
                        + "\(copied.queries) past question\(copied.queries == 1 ? "" : "s") to \(target.path)")
        } catch {
            // A new file that received nothing is not left behind to be mistaken for a library.
            if createdFile { for suffix in ["", "-wal", "-shm", ".jobs"] { unlink(destination + suffix) } }
            throw error
        }
    }
}
