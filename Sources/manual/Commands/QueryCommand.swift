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

    func validate() throws {
        if question != "-" && question.allSatisfy({ $0.isWhitespace }) {
            throw ValidationError("The question is empty.")
        }
        guard (1...100).contains(topK) else { throw ValidationError("--top-k must be between 1 and 100.") }
        guard keywordWeight >= 0, semanticWeight >= 0, keywordWeight.isFinite, semanticWeight.isFinite,
              keywordWeight + semanticWeight > 0 else {
            throw ValidationError("--keyword-weight and --semantic-weight must be non-negative and not both 0.")
        }
        if let page, page < 1 { throw ValidationError("--page is a physical page number, 1 or more.") }
    }

    func run() throws {
        let library = try self.library.openLibrary()
        library.answerSettings.explains = explain && (json || question == "-")
        let filter = SearchFilter(documentID: doc, page: page, section: section)
        // `ask` checks the filter; reading from stdin, it is checked before the first question too, so a filter
        // naming what the library lacks fails at once, whatever comes on stdin.
        if question == "-" { try library.store.reading { try filter.check(against: library.store) } }
        let retrieval = RetrievalSettings(keywordWeight: keywordWeight, semanticWeight: semanticWeight, topK: topK)
        var history = HistoryNote()
        if question == "-" {
            while let line = readLine() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                let result = try library.ask(text, filter: filter, retrieval: retrieval, record: !noHistory)
                history.report(result)
                Console.out(Console.json(QueryOutput(result), pretty: false))
            }
            return
        }
        let result = try library.ask(question, filter: filter, retrieval: retrieval, record: !noHistory)
        history.report(result)
        if json {
            Console.out(Console.json(QueryOutput(result)))
        } else {
            Console.out(AnswerPrinter(width: 80).render(result, explain: explain))
            // After an upgrade the answers still come from the old chunks and vectors until they are rebuilt.
            // Tesseract's version from this user's record, not from loading Tesseract (7-10 ms).
            let stale = try library.store.staleDocumentCount(fingerprint: library.pipeline.recordedFingerprint)
            if stale > 0 {
                Console.error("note: \(stale == 1 ? "1 document was" : "\(stale) documents were") indexed by an older "
                              + "version of manual; 'manual reindex --stale' brings \(stale == 1 ? "it" : "them") up to date")
            }
        }
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
