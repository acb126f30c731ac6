import ArgumentParser
import Foundation
import ManualKit

struct ReindexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: "Re-process documents: after an upgrade (--stale), when files changed (--changed), or all.",
        discussion: """
            Each document is re-read from its PDF when the file is still there, else rebuilt from the \
            page text stored in the library, and swapped in one transaction: a query at the same moment \
            sees the old or the new version, never a mix. Ctrl-C stops after the documents in flight; \
            run the command again to finish.
            Examples:
              manual reindex --stale
              manual reindex --changed --jobs 2
              manual reindex 3 7
              manual reindex --all --shard 2/8    (part 2 of 8; docs/scale-out.md)
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Document ids to re-process.")
    var ids: [Int64] = []

    @Flag(help: "Every document.")
    var all = false

    @Flag(help: "Documents made by an older pipeline (chunker, embedder or stemmer changed).")
    var stale = false

    @Flag(help: "Documents whose source file changed on disk (missing files are reported).")
    var changed = false

    @OptionGroup var jobs: JobsOption

    @Option(help: ArgumentHelp(
        "Only part i of n of the selected documents (0 <= i < n): the library's documents in sha256 order, cut into n "
            + "runs of about equal pages; n processes share one reindex (docs/scale-out.md). Another process already "
            + "running the same part: exit 29.",
        valueName: "i/n"))
    var shard: Shard?

    @Flag(name: [.short, .long], help: "No progress and no warnings on stderr (errors are still printed).")
    var quiet = false

    @Flag(help: "Print JSON events on stdout.")
    var json = false

    @OptionGroup var extraction: ExtractionOptions

    @OptionGroup var priority: PriorityOptions

    func validate() throws {
        let chosen = [!ids.isEmpty, all, stale, changed].filter { $0 }.count
        if chosen != 1 { throw ValidationError("Choose one of: document ids, --all, --stale, --changed.") }
    }

    func run() throws {
        priority.apply()
        try extraction.checkOCRLanguages()
        let store = try library.open()
        // Two copies of one part would do its work twice: the second stops here, before anything is written.
        if let shard { try store.claimJob("reindex --shard \(shard)") }
        let selection: ReindexSelection = all ? .all : stale ? .stale : changed ? .changed : .documents(ids)
        let job = Reindexer.allJob(shard)
        if all {
            if try store.jobStart(job) != nil && !quiet {
                Console.error("manual: resuming the interrupted \(job)")
            }
            try store.startJob(job, at: Ingestor.now())
        }
        let plan = try Reindexer(store: store).plan(selection, shard: shard)
        for entry in plan where entry.item == nil && !quiet {
            Console.error("manual: \(entry.document.sourcePath): source file is missing (document #\(entry.document.id) kept as it is)")
        }
        let entries = plan.filter { $0.item != nil }
        let byPath = Dictionary(entries.map { ($0.document.sourcePath, $0.document) }, uniquingKeysWith: { a, _ in a })
        Interrupt.install()
        let batch = BatchIngestor(ingestor: Ingestor(store: store, settings: extraction.pipeline), jobs: jobs.count)
        batch.shouldStop = { Interrupt.wasRequested }
        var reporter = BatchReporter(quiet: quiet, json: json)
        let started = Date()
        try batch.run(entries.compactMap(\.item), options: { item in
            // Re-processing keeps what the user said about the document: its title and product.
            let document = byPath[item.displayPath]
            var options = IngestOptions(title: document?.title, product: document?.product ?? Product())
            // Pages given up under these same budgets are not tried again: a resumed batch does not
            // hang at the same page twice.
            let budget = extraction.pipeline.extraction.budgetKey
            if let id = document?.id, let skipped = try? store.skippedPages(documentID: id) {
                options.knownSkips = Dictionary(skipped.filter { $0.budget == budget }.map { ($0.page.page, $0.page.reason) },
                                                uniquingKeysWith: { a, _ in a })
            }
            return options
        }) { item, result, progress in
            reporter.record(item, result, progress)
        }
        reporter.finish(elapsed: Date().timeIntervalSince(started), interrupted: Interrupt.wasRequested)
        if all && !Interrupt.wasRequested { try store.finishJob(job) }
        if let first = reporter.failures.first { throw ExitCode(first.code) }
        if Interrupt.wasRequested { throw ExitCode(130) }
    }
}
