import ArgumentParser
import ManualKit

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Summarise the library: documents, pages, chunks, size, and what needs re-processing.",
        discussion: "Example:\n  manual status --json"
    )

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try library.open()
        let counts = try store.counts()
        let fingerprint = PipelineSettings().fingerprint
        var stale: [Int64] = [], changed: [Int64] = [], missing: [Int64] = []
        for document in try store.documents() {
            if document.pipelineVersion != fingerprint { stale.append(document.id) }
            switch Reindexer.sourceState(of: document) {
            case .changed: changed.append(document.id)
            case .missing: missing.append(document.id)
            case .unchanged: break
            }
        }
        let status = StatusOutput(library: store.path, counts: counts, pipeline: fingerprint, stale: stale,
                                  changed: changed, missing: missing)
        if json {
            Console.out(Console.json(status))
            return
        }
        func ids(_ list: [Int64]) -> String { list.isEmpty ? "" : " (" + DocumentIDList.describe(list) + ")" }
        Console.out("""
            library:            \(store.path)
            size:               \(String(format: "%.1f", Double(counts.bytes) / 1_048_576)) MB
            documents:          \(counts.documents)
            pages:              \(counts.pages) (\(counts.pagesWithoutText) without text)
            chunks:             \(counts.chunks)
            stale pipeline:     \(stale.count)\(ids(stale))\(stale.isEmpty ? "" : "  -> manual reindex --stale")
            source changed:     \(changed.count)\(ids(changed))\(changed.isEmpty ? "" : "  -> manual reindex --changed")
            source missing:     \(missing.count)\(ids(missing))
            """)
    }
}

private struct StatusOutput: Encodable {
    var library: String
    var counts: LibraryCounts
    var pipeline: String
    var stale: [Int64]
    var changed: [Int64]
    var missing: [Int64]
}
