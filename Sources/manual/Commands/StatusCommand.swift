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
        let status = try LibraryStatus(store: store)
        let (counts, stale, changed, missing) = (status.counts, status.stale, status.changed, status.missing)
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
        // Only when there are some: most libraries have none, and the lines would only add noise.
        if !status.damaged.isEmpty {
            Console.out("damaged files:      \(status.damaged.count)\(ids(status.damaged))  -> replace with a sound copy if you have one")
        }
        if !status.copyRestricted.isEmpty {
            Console.out("copy-restricted:    \(status.copyRestricted.count)\(ids(status.copyRestricted))")
        }
        if let file = status.vectorFile {
            Console.out("vector file:        generation \(file.generation), made whole at \(file.builtWholeAt), caught up \(file.catchUps) times since")
        }
    }
}
