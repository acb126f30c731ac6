import ArgumentParser
import Foundation
import ManualKit

@main
struct Manual: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Turn PDF manuals into an offline question-answering library.",
        discussion: """
            Examples:
              manual ingest car.pdf --make Northwind --model Tern --year 2024
              manual query "How do I reset the filter indicator?"
              manual list
            The library is one SQLite file: --db PATH, else $MANUAL_DB, else
            $XDG_DATA_HOME/manual/library.sqlite (~/.local/share/manual/library.sqlite);
            or a PostgreSQL database shared by many processes and machines:
            --db postgres://user@host:port/dbname (docs/scale-out.md).
            """,
        version: ManualKitInfo.version,
        subcommands: [
            IngestCommand.self, QueryCommand.self, FindCommand.self, ListCommand.self, ShowCommand.self,
            ChunksCommand.self, RemoveCommand.self, ReindexCommand.self, StatusCommand.self, HistoryCommand.self,
            RateCommand.self, PageCommand.self, ServeCommand.self, CheckCommand.self, BackupCommand.self,
            MigrateCommand.self,
        ]
    )

    /// The one place where errors become a message on stderr and an exit code.
    static func main() {
        // A worker reading one PDF for a parent `manual` (ExtractionWorker); not a user command.
        if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == "_extract" {
            Foundation.exit(ExtractionWorker.run())
        }
        do {
            // Evaluation only (docs/quality.md): weights fitted without one manual, to score that manual.
            do {
                _ = try AnswerWeights.fromEnvironment()
                _ = try FusionWeights.fromEnvironment()
            } catch {
                throw Failure(message: "\(error)", code: 64)
            }
            // A question's usual command line is read without ArgumentParser (`QueryFastPath`).
            if let request = QueryFastPath.request(Array(CommandLine.arguments.dropFirst())) {
                try request.run()
                return
            }
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            Failure.exit(failure)
        } catch let error where Failure.isOurs(error) {
            Failure.exit(Failure(error))
        } catch {
            exit(withError: error)
        }
    }
}
