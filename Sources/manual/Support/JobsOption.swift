import ArgumentParser
import Foundation

/// The `--jobs` option of `ingest` and `reindex`. Without it, every core (at most 64): the default is
/// decided when the command runs, so help texts, man pages and docs/cli.md do not carry the core count
/// of the machine that made them.
struct JobsOption: ParsableArguments {
    @Option(name: .customLong("jobs"),
            help: ArgumentHelp("Cores to use: documents processed in parallel (default: all cores; 1 = one document at a time).",
                               valueName: "jobs"))
    var requested: Int?

    /// The cores to use.
    var count: Int { requested ?? min(64, ProcessInfo.processInfo.activeProcessorCount) }

    func validate() throws {
        if let requested, !(1...64).contains(requested) { throw ValidationError("--jobs must be between 1 and 64.") }
    }
}
