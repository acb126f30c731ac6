import Foundation
import ManualKit

/// What `manual query` runs with, as plain values: `QueryCommand` makes one from what ArgumentParser parsed,
/// `QueryFastPath` straight from the arguments, and both run it here, so a question answers the same
/// whichever way its command line was read.
struct QueryRequest: Equatable {
    var db: String?
    var question: String
    var doc: Int64?
    var page: Int?
    var section: String?
    var topK = 5
    var keywordWeight = 0.4
    var semanticWeight = 0.6
    var explain = false
    var json = false
    var noHistory = false

    /// Why these values cannot be run (the message `QueryCommand.validate` gives), nil when they can.
    var problem: String? {
        if question != "-" && question.allSatisfy({ $0.isWhitespace }) { return "The question is empty." }
        guard (1...100).contains(topK) else { return "--top-k must be between 1 and 100." }
        guard keywordWeight >= 0, semanticWeight >= 0, keywordWeight.isFinite, semanticWeight.isFinite,
              keywordWeight + semanticWeight > 0 else {
            return "--keyword-weight and --semantic-weight must be non-negative and not both 0."
        }
        if let page, page < 1 { return "--page is a physical page number, 1 or more." }
        return nil
    }

    func run() throws {
        let library = try LibraryOptions.openLibrary(db: db)
        // With --json (or '-'), --explain adds every candidate sentence's scoring features (`AnswerScoring`).
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
            let stale = try library.staleDocumentCount()
            if stale > 0 {
                Console.error("note: \(stale == 1 ? "1 document was" : "\(stale) documents were") indexed by an older "
                              + "version of manual; 'manual reindex --stale' brings \(stale == 1 ? "it" : "them") up to date")
            }
        }
    }
}
