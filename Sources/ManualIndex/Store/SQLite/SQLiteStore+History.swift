import Foundation

/// A question asked of the library and what it answered.
public struct QueryRecord: Sendable, Equatable, Codable {
    public var id: Int64
    /// ISO 8601, UTC.
    public var askedAt: String
    public var question: String
    /// The document the question was limited to, if any.
    public var documentID: Int64?
    public var confidence: String
    public var score: Double
    /// JSON array of {documentID, page} the answer cited.
    public var citedPages: String
    /// JSON array of the ranked results' relevance scores.
    public var relevances: String
    /// The full answer as JSON.
    public var answerJSON: String
    /// "helpful", "unhelpful" or nil.
    public var rating: String?

    public init(id: Int64 = 0, askedAt: String, question: String, documentID: Int64?, confidence: String, score: Double,
                citedPages: String, relevances: String, answerJSON: String, rating: String? = nil) {
        self.id = id
        self.askedAt = askedAt
        self.question = question
        self.documentID = documentID
        self.confidence = confidence
        self.score = score
        self.citedPages = citedPages
        self.relevances = relevances
        self.answerJSON = answerJSON
        self.rating = rating
    }
}

extension SQLiteStore {
    /// Stores a query and returns its id.
    @discardableResult
    /// Waits at most `waitMilliseconds` for a writer holding the library (an ingest can hold it for
    /// minutes; the history is not worth that wait).
    public func record(_ query: QueryRecord, waitMilliseconds: Int) throws(StoreError) -> Int64 {
        try SQLiteStore.storeErrors(path) { try db.waitingAtMost(milliseconds: waitMilliseconds) { try insert(query) } }
    }

    private func insert(_ query: QueryRecord) throws(StoreError) -> Int64 {
        try write {
            try statement("""
                INSERT INTO queries (asked_at, question, document_id, confidence, score, cited_pages, relevances, answer_json)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.text(query.askedAt), .text(query.question), query.documentID.map { .integer($0) } ?? .null,
                          .text(query.confidence), .real(query.score), .text(query.citedPages), .text(query.relevances),
                          .text(query.answerJSON)])
            return db.lastInsertRowID
        }
    }

    /// Past queries, newest first; with `documentID`, those limited to or citing that document.
    public func queries(documentID: Int64?, limit: Int) throws(StoreError) -> [QueryRecord] {
        try statement("""
            SELECT id, asked_at, question, document_id, confidence, score, cited_pages, relevances, answer_json, rating
            FROM queries
            WHERE ?1 IS NULL OR document_id = ?1
               OR EXISTS (SELECT 1 FROM json_each(cited_pages) WHERE json_extract(value, '$.documentID') = ?1)
            ORDER BY id DESC LIMIT ?2
            """).rows([documentID.map { .integer($0) } ?? .null, .integer(Int64(limit))]) { row in
                QueryRecord(id: row.int(0), askedAt: row.text(1) ?? "", question: row.text(2) ?? "",
                            documentID: row.isNull(3) ? nil : row.int(3), confidence: row.text(4) ?? "",
                            score: row.double(5), citedPages: row.text(6) ?? "[]", relevances: row.text(7) ?? "[]",
                            answerJSON: row.text(8) ?? "{}", rating: row.text(9))
            }
    }

    /// Marks a past answer helpful or unhelpful.
    public func rate(queryID: Int64, rating: String) throws(StoreError) {
        try write {
            try statement("UPDATE queries SET rating = ? WHERE id = ?").run([.text(rating), .integer(queryID)])
            if db.changes == 0 { throw StoreError.queryNotFound(queryID) }
        }
    }
}
