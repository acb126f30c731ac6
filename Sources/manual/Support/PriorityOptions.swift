import ArgumentParser
import ManualKit

/// `--normal-priority` of `ingest` and `reindex`: without it the command, and the extraction workers it
/// starts, run at `BatchPriority` (nice 10, the lowest best-effort I/O level), as `updatedb` does.
struct PriorityOptions: ParsableArguments {
    @Flag(name: .customLong("normal-priority"),
          help: "Run at normal CPU and disk priority (default: nice 10 and the lowest best-effort I/O level, as updatedb runs, so questions asked meanwhile stay quick).")
    var normalPriority = false

    /// Lowers this process, before it starts any thread or worker, unless `--normal-priority` was given.
    func apply() {
        if !normalPriority { BatchPriority.lowerProcess() }
    }
}
