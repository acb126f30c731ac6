import ArgumentParser
import Foundation
import ManualKit

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the library, even while it is in use, and check the copy.",
        discussion: """
            The copy is one SQLite file made from one snapshot of the library (readers and writers go on \
            meanwhile); it is checked before it takes the name DEST. To restore, copy it back over the \
            library file (with no manual process running) and delete the library's .vectors file beside it. \
            A PostgreSQL library is copied the same way into an SQLite file (restore it into an empty \
            database with manual migrate --to URL); pg_dump backs up the database as PostgreSQL does.

            Example:
              manual backup ~/manuals-backup.sqlite
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "dest"))
    var destination: String

    @Flag(help: "Replace DEST when it exists.")
    var force = false

    func run() throws {
        let store = try library.open()
        let target = SourceFile.absolute(destination)
        if target == SourceFile.absolute(store.path) {
            throw Failure(message: "\(destination): that is the library itself", code: 64)
        }
        if FileManager.default.fileExists(atPath: target) && !force {
            throw Failure(message: "\(destination): already exists (use --force to replace it)", code: BackupCommand.destinationExists)
        }
        let copy = try LibraryBackup(store: store).write(to: target)
        let problems = copy.findings.filter { $0.severity == .problem }
        for found in problems { Console.error("manual: backup \(destination): \(found.message)") }
        guard problems.isEmpty else { throw ExitCode(CheckCommand.problemsFound) }
        Console.out("backed up \(copy.documents) document\(copy.documents == 1 ? "" : "s") to \(target) "
                    + String(format: "(%.1f MB); check: ok", Double(copy.bytes) / 1_048_576))
    }

    /// DEST exists and --force was not given.
    static let destinationExists: Int32 = 41
}
