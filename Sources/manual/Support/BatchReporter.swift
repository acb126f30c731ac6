import Foundation
import ManualKit

/// Reports a batch: an updating line on a terminal, periodic lines otherwise, JSON events with --json.
struct BatchReporter {
    var quiet: Bool
    var json: Bool
    private(set) var failures: [Failure] = []
    private(set) var counts: [String: Int] = [:]
    /// Plain progress lines (stderr not a terminal) come every few seconds, not for every document.
    private var lastPlainLine = Date()

    init(quiet: Bool, json: Bool) {
        self.quiet = quiet
        self.json = json
    }

    /// Prints one finished document: its line (or JSON event), then its `warnings` (on stderr), then the
    /// progress line again. On a terminal the progress line is cleared (`\r`, erase line)
    /// before anything else is written, so no line is appended to "… about 15 s left".
    mutating func record(_ item: BatchItem, _ result: Result<IngestReport, Error>, _ progress: BatchProgress,
                         warnings: [String] = []) {
        let file = item.displayPath
        switch result {
        case .success(let report):
            counts[report.outcome.rawValue, default: 0] += 1
            if json {
                Console.out(Console.json(DocumentLine(file: file, report: report, done: progress.done, total: progress.total),
                                         pretty: false))
            } else {
                clearLine()
                Console.out("\(report.outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(file)  "
                            + "#\(report.document.id), \(report.document.pageCount) pages, \(report.chunkCount) chunks"
                            + DocumentLine.ocrNote(report))
            }
        case .failure(let error):
            let failure = Failure(error)
            failures.append(failure)
            counts["failed", default: 0] += 1
            if json {
                Console.out(Console.json(DocumentLine(file: file, outcome: "failed", error: failure.message,
                                                      exitCode: failure.code, done: progress.done, total: progress.total),
                                         pretty: false))
            }
            // --quiet hides progress and warnings, never the line that explains the exit code.
            clearLine()
            Console.error("manual: " + failure.message)
        }
        if !warnings.isEmpty {
            clearLine()
            warnings.forEach(Console.error)
        }
        showProgress(progress)
    }

    private mutating func showProgress(_ p: BatchProgress) {
        guard !quiet, !json, p.done < p.total else { return }
        let rate = p.elapsed > 0 ? Double(p.pages) / p.elapsed : 0
        let eta = p.done > 0 ? p.elapsed / Double(p.done) * Double(p.total - p.done) : 0
        let line = "\(p.done)/\(p.total) documents, \(Int(rate)) pages/s, about \(Int(eta.rounded())) s left"
        if Console.stderrIsTerminal {
            Console.progress(line)
        } else if Date().timeIntervalSince(lastPlainLine) >= 5 {
            Console.error(line)
            lastPlainLine = Date()
        }
    }

    private func clearLine() {
        if !quiet && !json && Console.stderrIsTerminal { Console.clearProgress() }
    }

    /// The closing summary ("3 added, 1 unchanged, 1 failed in 2.4 s").
    func finish(elapsed: Double, interrupted: Bool) {
        let order = ["added", "replaced", "unchanged", "failed"]
        let parts = order.compactMap { key in counts[key].map { "\($0) \(key)" } }
        let summary = (parts.isEmpty ? "nothing to do" : parts.joined(separator: ", "))
            + String(format: " in %.1f s", elapsed) + (interrupted ? " (interrupted: run again to finish)" : "")
        if json {
            Console.out(Console.json(SummaryLine(summary: summary, counts: counts,
                                                 seconds: (elapsed * 10).rounded() / 10, interrupted: interrupted),
                                     pretty: false))
        } else if !quiet {
            clearLine()
            Console.error(summary)
        }
    }
}
