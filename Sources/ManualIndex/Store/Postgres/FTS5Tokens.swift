/// The tokens SQLite's full-text index makes of a chunk, by the same tokenizer chain as `chunks_fts`
/// (`porter cjk_bigram remove_diacritics 2`), read from an in-memory FTS5 table through `fts5vocab`.
///
/// Why: the PostgreSQL library scores keywords with FTS5's BM25 from its own postings (`PostgresStore`),
/// and a score equals FTS5's only when the terms, their counts and the chunk lengths are FTS5's.
/// PostgreSQL's own parser cuts text differently ("wi-fi", "v1.2.3" stay whole), so it is not used.
final class FTS5Tokens {
    private let db: SQLiteDatabase
    private let insert: SQLiteStatement
    private let instances: SQLiteStatement

    init() throws(StoreError) {
        db = try SQLiteDatabase(path: ":memory:")
        try db.execute("""
            CREATE VIRTUAL TABLE t USING fts5(text, heading, content='', tokenize='porter \(CJKBigramTokenizer.name) remove_diacritics 2');
            CREATE VIRTUAL TABLE v USING fts5vocab(t, instance);
            """)
        insert = try db.prepare("INSERT INTO t (rowid, text, heading) VALUES (1, ?, ?)")
        instances = try db.prepare("SELECT term, col, \"offset\" FROM v")
    }

    /// The tokens of a chunk's text and heading, each in order of position.
    func tokens(text: String, heading: String) throws(StoreError) -> (text: [String], heading: [String]) {
        try insert.run([.text(text), .text(heading)])
        defer { try? db.execute("INSERT INTO t (t) VALUES ('delete-all')") }
        var body: [(Int64, String)] = [], head: [(Int64, String)] = []
        for (term, column, offset) in try instances.rows([], { ($0.text(0) ?? "", $0.text(1) ?? "", $0.int(2)) }) {
            if column == "heading" { head.append((offset, term)) } else { body.append((offset, term)) }
        }
        return (body.sorted { $0.0 < $1.0 }.map(\.1), head.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// The tokens of one phrase (a query word), in order.
    func tokens(of phrase: String) throws(StoreError) -> [String] {
        try tokens(text: phrase, heading: "").text
    }

    /// The postings of a chunk: per term, its count in the text and in the heading, and the chunk's length
    /// in tokens (both columns, as FTS5's `xColumnSize(-1)`).
    func postings(text: String, heading: String) throws(StoreError) -> (terms: [String: (text: Int, heading: Int)], length: Int) {
        let (body, head) = try tokens(text: text, heading: heading)
        var terms: [String: (text: Int, heading: Int)] = [:]
        for term in body { terms[term, default: (0, 0)].text += 1 }
        for term in head { terms[term, default: (0, 0)].heading += 1 }
        return (terms, body.count + head.count)
    }
}

/// Where a phrase of tokens occurs in a token sequence, as FTS5 counts phrase instances: every start
/// position from which the phrase's tokens follow one another.
enum PhraseCount {
    static func occurrences(of phrase: [String], in tokens: [String]) -> Int {
        guard !phrase.isEmpty, tokens.count >= phrase.count else { return 0 }
        var found = 0
        for start in 0...(tokens.count - phrase.count) where tokens[start] == phrase[0] {
            if (1..<phrase.count).allSatisfy({ tokens[start + $0] == phrase[$0] }) { found += 1 }
        }
        return found
    }
}
