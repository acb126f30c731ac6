import ArgumentParser
import ManualKit

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past questions with their confidence, cited pages and rating.",
        discussion: "Example:\n  manual history --doc 1"
    )

    @OptionGroup var library: LibraryOptions

    @Option(help: "Only questions limited to or citing this document.")
    var doc: Int64?

    @Option(help: "How many recent questions to show.")
    var limit = 20

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more.") }
    }

    func run() throws {
        let queries = try library.open().queries(documentID: doc, limit: limit)
        if json {
            Console.out(Console.json(queries))
            return
        }
        if queries.isEmpty {
            // Questions stay in the history after the document they cited is removed, so a document id that is no
            // longer in the library still lists them; none found is said as such, not as an empty history.
            Console.out(doc.map { "No questions limited to or citing document #\($0)." } ?? "No questions asked yet.")
            return
        }
        let rows = queries.map { q in
            [String(q.id), String(q.askedAt.prefix(16)).replacingOccurrences(of: "T", with: " "), q.question,
             "\(q.confidence) \(String(format: "%.2f", q.score))", q.rating ?? "-"]
        }
        Console.out(TextTable.render(header: ["ID", "ASKED (UTC)", "QUESTION", "CONFIDENCE", "RATING"], rows: rows,
                                     flexibleColumn: 2))
    }
}
