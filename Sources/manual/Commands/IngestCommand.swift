import ArgumentParser
import Foundation
import ManualKit

struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Add PDF manuals to the library (parse, clean, chunk, index; one transaction per document).",
        discussion: """
            The same bytes again are reported as unchanged; new bytes at a path already in the \
            library replace that document. Folders are searched recursively for PDFs and processed \
            in parallel (--jobs). A bad file is reported and the others go on; the exit code is then \
            that of the first failure. Ctrl-C stops after the documents in flight; run the same \
            command again to finish.
            Examples:
              manual ingest car.pdf --make Northwind --model Tern --year 2024
              manual ingest ~/manuals --jobs 2
              manual ingest --root /srv/manuals --shard 3/8    (part 3 of 8; docs/scale-out.md)
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("PDF files, or folders to search for PDFs (with --root: default the root).",
                                 valueName: "file-or-folder"))
    var files: [String] = []

    @OptionGroup var jobs: JobsOption

    @Option(help: "Title to store instead of the PDF's own (single file only).")
    var title: String?

    @Option(help: "Product make, e.g. the car or appliance brand.")
    var make: String?

    @Option(help: "Product model.")
    var model: String?

    @Option(help: "Product model year.")
    var year: Int?

    @Option(help: "Password for encrypted PDFs.")
    var password: String?

    @Option(help: ArgumentHelp(
        "Only part i of n of the PDFs (0 <= i < n), chosen by each file's path relative to --root: n processes "
            + "share one ingest (docs/scale-out.md). Another process already running the same part: exit 29.",
        valueName: "i/n"))
    var shard: Shard?

    @Option(help: ArgumentHelp("With --shard: the folder every part is given; the files must be inside it.", valueName: "folder"))
    var root: String?

    @Flag(name: [.short, .long], help: "No progress and no warnings on stderr (errors are still printed).")
    var quiet = false

    @Flag(help: "Print one JSON object per document on stdout.")
    var json = false

    @OptionGroup var extraction: ExtractionOptions

    @OptionGroup var priority: PriorityOptions

    func validate() throws {
        if files.isEmpty && root == nil { throw ValidationError("Give at least one PDF file.") }
        if (shard == nil) != (root == nil) { throw ValidationError("--shard and --root go together.") }
        if title != nil && shard != nil { throw ValidationError("--title applies to a single file.") }
        if title != nil && files.count > 1 { throw ValidationError("--title applies to a single file.") }
        if let year, !(1800...3000).contains(year) { throw ValidationError("--year must be a year, e.g. 2024.") }
    }

    func run() throws {
        priority.apply()
        try extraction.checkOCRLanguages()
        let ingestor = Ingestor(store: try library.openCreating(), settings: extraction.pipeline)
        let options = IngestOptions(title: title, product: Product(make: make, model: model, year: year),
                                    password: password)
        if let shard, let root {
            try runShard(shard, root: root, ingestor: ingestor, options: options)
            return
        }
        let expanded = PDFFinder.files(in: files)
        if title != nil && expanded.count > 1 { throw ValidationError("--title applies to a single file.") }
        if expanded.count > 1 || expanded != files {
            try runBatch(expanded, ingestor: ingestor, options: options)
            return
        }
        // Ctrl-C or SIGTERM stops the worker at once and writes nothing for the document (a second Ctrl-C
        // ends the process); set here too, since a parent may have started us with SIGINT ignored.
        Interrupt.install()
        // --jobs counts cores for one file too: with 1, pages are read (and OCR'd) on one thread.
        Ingestor.limitCores(to: jobs.count)
        var firstFailure: Failure?
        for file in files {
            do {
                let report = try ingestor.ingest(file, options: options, progress: progress(for: file))
                if showsProgress { Console.clearProgress() }
                print(report, file: file)
            } catch {
                if showsProgress { Console.clearProgress() }
                let failure = Failure(error)
                if case StoreError.notADatabase = error { throw failure }
                if case StoreError.newerSchema = error { throw failure }
                firstFailure = firstFailure ?? failure
                if json {
                    Console.out(Console.json(DocumentLine(file: file, outcome: "failed", error: failure.message,
                                                        exitCode: failure.code), pretty: false))
                }
                // --quiet hides progress and warnings, never the line that explains the exit code.
                Console.error("manual: " + failure.message)
            }
        }
        if let firstFailure { throw ExitCode(firstFailure.code) }
    }

    /// One part of a sharded ingest: the files under `root` whose relative paths fall in `shard`, claimed
    /// against a second copy of the same part.
    private func runShard(_ shard: Shard, root: String, ingestor: Ingestor, options: IngestOptions) throws {
        var mine: [String] = []
        for path in PDFFinder.files(in: files.isEmpty ? [root] : files) {
            guard let relative = Shard.relativePath(of: path, under: root) else {
                throw ValidationError("\(path) is not inside --root \(root).")
            }
            if shard.contains(relativePath: relative) { mine.append(path) }
        }
        try ingestor.store.claimJob("ingest \(SourceFile.absolute(root)) --shard \(shard)")
        try runBatch(mine, ingestor: ingestor, options: options)
    }

    /// Several documents: parallel workers, one writer, document-level progress.
    private func runBatch(_ paths: [String], ingestor: Ingestor, options: IngestOptions) throws {
        Interrupt.install()
        let batch = BatchIngestor(ingestor: ingestor, jobs: jobs.count)
        batch.shouldStop = { Interrupt.wasRequested }
        var reporter = BatchReporter(quiet: quiet, json: json)
        let started = Date()
        try batch.run(paths.map { .file(path: $0, force: false) }, options: { _ in options }) { item, result, progress in
            // The reporter prints the warnings below the document's line and above the progress line it redraws.
            let warnings = (try? result.get()).map { IngestCommand.warnings($0, file: item.displayPath) } ?? []
            reporter.record(item, result, progress, warnings: quiet ? [] : warnings)
        }
        reporter.finish(elapsed: Date().timeIntervalSince(started), interrupted: Interrupt.wasRequested)
        if let first = reporter.failures.first { throw ExitCode(first.code) }
        if Interrupt.wasRequested { throw ExitCode(130) }
    }

    /// What was wrong with the file, one warning line each. Copy-restricted PDFs are indexed (the common case
    /// is an owner searching their own manual privately; poppler and pdftotext extract the text too), but the
    /// user is told, since answers quote the text. A damaged file whose text poppler recovered is indexed too,
    /// and the user is told, since some text may be missing and a sound copy is better.
    static func conditionWarnings(_ condition: SourceCondition, file: String) -> [String] {
        condition.notes.map { "manual: warning: \(file): \($0)" }
    }

    private var showsProgress: Bool { !quiet && !json && Console.stderrIsTerminal }

    /// "car.pdf: page 120/400, 35.2 pages/s, about 8 s left", at most twice a second: a scanned manual
    /// is read by OCR at about a page a second, so the rate and the time left matter there.
    private func progress(for file: String) -> ((Int, Int) -> Void)? {
        guard showsProgress else { return nil }
        let started = Date()
        var shown = Date.distantPast
        return { done, total in
            let now = Date()
            guard done == total || now.timeIntervalSince(shown) >= 0.5 else { return }
            shown = now
            var line = "\(file): page \(done)/\(total)"
            let elapsed = now.timeIntervalSince(started)
            if elapsed >= 2 && done > 0 && done < total {
                let rate = Double(done) / elapsed
                line += String(format: ", %.1f pages/s, about %.0f s left", rate, Double(total - done) / rate)
            }
            Console.progress(line)
        }
    }

    private func print(_ report: IngestReport, file: String) {
        let d = report.document
        if json {
            Console.out(Console.json(DocumentLine(file: file, report: report), pretty: false))
        } else {
            Console.out("\(report.outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(file)  "
                        + "#\(d.id) \"\(d.title)\", \(d.pageCount) pages, \(report.chunkCount) chunks" + DocumentLine.ocrNote(report))
        }
        if !quiet { IngestCommand.warnings(report, file: file).forEach(Console.error) }
    }
}

extension IngestCommand {
    /// The warning lines for a document that was ingested: what was wrong with the file
    /// (`conditionWarnings`), one line per skipped page ("manual: warning: f.pdf: page 7: extraction took
    /// longer than 10 s, skipped"), and the other pages that have no text.
    static func warnings(_ report: IngestReport, file: String) -> [String] {
        var lines = conditionWarnings(report.condition, file: file)
        lines += report.skippedPages.map { "manual: warning: \(file): \($0.description)" }
        let unread = report.pagesWithoutText.filter { page in !report.skippedPages.contains { $0.page == page } }
        if !unread.isEmpty {
            lines.append("manual: warning: \(file): \(unread.count) of \(report.document.pageCount) pages have no text "
                         + "layer (\(PageList.describe(unread))); they cannot be searched")
        }
        return lines
    }
}
