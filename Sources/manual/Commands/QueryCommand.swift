import ArgumentParser
import Foundation
import ManualKit

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Answer a question from the library, citing the pages the answer comes from.",
        discussion: """
            Retrieval is hybrid: relevance = keyword weight x normalised BM25 + semantic weight x cosine. \
            With "-" as the question, reads one question per line from stdin and writes one JSON \
            object per line (JSON Lines).
            Examples:
              manual query "How do I reset the filter indicator?"
              manual query "reset the service light" --doc 1 --explain
              printf 'oil change interval\\nwiper blades\\n' | manual query - > answers.jsonl
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The question, in your own words; - reads questions from stdin.", valueName: "question"))
    var question: String

    @Option(help: "Only search this document (see 'manual list').")
    var doc: Int64?

    @Option(help: "Only search chunks covering this physical page.")
    var page: Int?

    @Option(help: "Only search chunks whose heading path contains this text.")
    var section: String?

    @Option(name: .customLong("top-k"), help: "How many ranked passages to return.")
    var topK = 5

    @Option(name: .customLong("keyword-weight"), help: "Weight of the keyword (BM25) score.")
    var keywordWeight = 0.4

    @Option(name: .customLong("semantic-weight"), help: "Weight of the semantic (vector) score.")
    var semanticWeight = 0.6

    @Flag(help: "Show each result's keyword score, semantic score, relevance and matched terms; with --json (or '-'), add every candidate sentence's scoring features.")
    var explain = false

    @Flag(help: "Print the answer as one JSON object (its keys: docs/how-it-works.md).")
    var json = false

    @Flag(name: .customLong("no-history"), help: "Do not record the question in the query history.")
    var noHistory = false

    /// The command's values, as the fast path (`QueryFastPath`) also makes them.
    var request: QueryRequest {
        QueryRequest(db: library.db, question: question, doc: doc, page: page, section: section, topK: topK,
                     keywordWeight: keywordWeight, semanticWeight: semanticWeight, explain: explain, json: json,
                     noHistory: noHistory)
    }

    func validate() throws {
        if let problem = request.problem { throw ValidationError(problem) }
    }

    func run() throws {
        try request.run()
    }
}

/// Says once, on stderr (never in the JSON on stdout), that questions were answered but not recorded.
struct HistoryNote {
    private var said = false

    mutating func report(_ result: AskResult) {
        guard let reason = result.notRecorded, !said else { return }
        said = true
        Console.error("note: answered, but not recorded in the history: \(ProblemReport.describe(reason).message)")
    }
}
