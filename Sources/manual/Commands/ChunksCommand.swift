import ArgumentParser
import ManualKit

struct ChunksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chunks",
        abstract: "Print a document's chunks as the retriever sees them: heading path, pages, keywords, length.",
        discussion: "Examples:\n  manual chunks 1 --page 17\n  manual chunks 1 --json"
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Document id (see 'manual list').")
    var id: Int64

    @Option(help: "Only chunks covering this physical page.")
    var page: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if let page, page < 1 { throw ValidationError("--page is a physical page number, 1 or more.") }
    }

    func run() throws {
        let store = try library.open()
        // A missing document, or a page past its end, is refused rather than listed as holding no chunks.
        try store.reading { try SearchFilter(documentID: id, page: page).check(against: store) }
        let chunks = try store.chunks(documentID: id, page: page)
        if json {
            Console.out(Console.json(chunks.map { ChunkSummary($0.chunk) }))
            return
        }
        for stored in chunks {
            let c = stored.chunk
            let pages = c.firstPage == c.lastPage ? "p. \(c.firstPage)" : "pp. \(c.firstPage)-\(c.lastPage)"
            let labels = [c.firstLabel, c.lastLabel].compactMap { $0 }
            Console.out("── chunk \(c.ordinal) · \(pages)\(labels.isEmpty ? "" : " (printed \(Set(labels).count == 1 ? labels[0] : labels.joined(separator: "-")))") · \(c.text.count) chars\(c.hasAdmonition ? " · warning/caution/note" : "")")
            Console.out("   heading:  \(c.heading.isEmpty ? "-" : c.heading)")
            Console.out("   keywords: \(c.keywords.joined(separator: ", "))")
            Console.out(c.text.split(separator: "\n", omittingEmptySubsequences: false).map { "   │ " + $0 }.joined(separator: "\n"))
        }
        if chunks.isEmpty { Console.out("No chunks\(page.map { " on page \($0)" } ?? "").") }
    }
}
