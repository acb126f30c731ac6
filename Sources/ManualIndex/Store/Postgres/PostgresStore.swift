import Foundation

/// A library in a PostgreSQL database, shared by any number of processes on any number of machines: the
/// `Store` for `--db postgres://…`, and the only type that speaks PostgreSQL's SQL.
///
/// Sharing: a `PostgresStore` is one connection, used by one thread or task at a time, like
/// `SQLiteStore`. A question reads in one `REPEATABLE READ READ ONLY` transaction (`reading`), so it sees
/// one snapshot while other processes commit; a document is written in one transaction (`write`), so no
/// reader sees half of one and a failure (the server gone, the process killed) leaves it as it was.
/// Writers of documents take the `vector_generation` row (before deciding anything, or, when a document
/// is replaced in place, after writing its rows: `PostgresStore+Saving`), so they commit one after
/// another, in the order of the generation they record in `library_changes`.
public final class PostgresStore: Store {
    /// The library's URL without its password.
    public let path: String
    let connection: PostgresConnection
    /// FTS5's tokenizer chain, made on first use (writing chunks, or a phrase search).
    private var tokenizerInstance: FTS5Tokens?
    /// What this connection has read in the open read-only snapshot (`reading`), nil outside one: within a
    /// snapshot nothing changes, so each fact is read once (a question asked the library's identity ten
    /// times and page labels forty).
    var snapshot: SnapshotMemo?
    /// The library's identity, once read (`libraryID`).
    var knownLibraryID: Int64?
    /// Tables emptied in the open import transaction, whose rows are written frozen (`importing`).
    var freezing: Set<String> = []
    /// Inside `save`, the change to the BM25 totals so far, written after the write turn is taken.
    var deferredTotals: (rows: Int64, tokens: Int64)?

    /// Connects to the database at `url` and brings its schema up to date, creating it in an empty database
    /// unless `creating` is false (then an empty database is `.noLibrary` and nothing is written). A
    /// database holding other tables is `.notADatabase`, one from a newer `manual` `.newerSchema`; both are
    /// left untouched.
    public init(url: String, creating: Bool = true) throws(StoreError) {
        path = PostgresLocation.redacted(url)
        connection = try PostgresConnection(url: PostgresLocation.connectionURL(for: url), location: path)
        try setUp(creating: creating)
    }

    /// The schema version of the open library.
    public var schemaVersion: Int {
        Int((try? connection.query("SELECT value FROM library_state WHERE key = 'schema_version'").integer) ?? 0)
    }

    /// Files derived from the library live in this node's cache folder, named after the URL.
    public var cacheLocation: String { PostgresLocation.cachePrefix(for: path) }

    func tokenizer() throws(StoreError) -> FTS5Tokens {
        if let tokenizerInstance { return tokenizerInstance }
        let made = try FTS5Tokens()
        tokenizerInstance = made
        return made
    }

    /// The advisory lock every schema change holds: processes opening a new library at once create it once.
    private static let schemaLock = 0x6D616E75616C  // "manual"

    private func setUp(creating: Bool) throws(StoreError) {
        var (version, tables) = try PostgresStore.versionAndTables(connection)
        if version == 0 && tables > 0 { throw .notADatabase(path: path) }
        if version > PostgresSchema.latest {
            throw .newerSchema(path: path, found: version, supported: PostgresSchema.latest)
        }
        guard version < PostgresSchema.latest else { return }
        if version == 0 && !creating { throw .noLibrary(path: path) }
        try write {
            try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(Int64(PostgresStore.schemaLock))])
            // Another process may have created or migrated it while we waited for the lock.
            (version, tables) = try PostgresStore.versionAndTables(connection)
            if version == 0 && tables > 0 { throw StoreError.notADatabase(path: path) }
            for step in version..<PostgresSchema.latest {
                try connection.execute(PostgresSchema.steps[step])
            }
            try connection.query("""
                INSERT INTO library_state (key, value) VALUES ('schema_version', $1)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [.integer(Int64(PostgresSchema.latest))])
        }
    }

    /// The recorded schema version (0 without a library) and the number of tables in the current schema.
    private static func versionAndTables(_ connection: PostgresConnection) throws(StoreError) -> (Int, Int) {
        // A library first, in one statement; only without one (undefined table) are the tables counted.
        // Inside a transaction, where a failed statement would end it, both are read without failing.
        if connection.inTransaction {
            let rows = try connection.query("""
                SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()), to_regclass('library_state') IS NOT NULL
                """)
            guard rows.text(0, 1) == "t" else { return (0, Int(rows.int(0, 0))) }
            return (Int(try connection.query("SELECT value FROM library_state WHERE key = 'schema_version'").integer), 1)
        }
        do {
            let version = try connection.query("SELECT value FROM library_state WHERE key = 'schema_version'").integer
            return (Int(version), 1)
        } catch .postgres(_, "42P01", _) {
            let tables = try connection.query("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()").integer
            return (0, Int(tables))
        }
    }

    /// Runs `body` in one read-only snapshot transaction (joining the open one, if any).
    public func reading<T>(_ body: () throws -> T) throws -> T {
        if connection.inTransaction { return try body() }
        snapshot = SnapshotMemo()
        defer { snapshot = nil }
        return try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; " + PostgresStore.snapshotFacts,
                               readOnly: true) { facts in
            if let facts { rememberSnapshotFacts(facts) }
            return try body()
        }
    }

    /// The library's numbers a question reads, read in the round trip that begins its snapshot: each was a
    /// round trip of its own, and a question through PostgreSQL made some thirty.
    private static let snapshotFacts = """
        SELECT key, value FROM library_state
        WHERE key IN ('library_id', 'vector_generation', 'document_moves', 'fts_rows', 'fts_tokens')
        """

    private func rememberSnapshotFacts(_ rows: PostgresRows) {
        var facts: [String: Int64] = [:]
        for row in 0..<rows.count { facts[rows.text(row, 0) ?? ""] = rows.int(row, 1) }
        guard let snapshot, let generation = facts["vector_generation"], let id = facts["library_id"],
              let chunks = facts["fts_rows"], let tokens = facts["fts_tokens"] else { return }
        knownLibraryID = id
        snapshot.integers["vectorGeneration"] = generation
        snapshot.integers["libraryChanges"] = generation + (facts["document_moves"] ?? 0)
        // Every document write keeps the chunk total in `fts_rows` (`check` holds it to count(*)), which spares
        // a question counting the chunks of the library.
        snapshot.integers["chunkCount"] = chunks
        snapshot.integers["fts_rows"] = chunks
        snapshot.integers["fts_tokens"] = tokens
    }

    /// `read()` once per snapshot under `key`; read every time outside one.
    func memo(_ key: String, _ read: () throws(StoreError) -> Int64) throws(StoreError) -> Int64 {
        if let known = snapshot?.integers[key] { return known }
        let value = try read()
        snapshot?.integers[key] = value
        return value
    }

    /// Runs `body` in one write transaction (joining the open one, if any); an error rolls everything back.
    func write<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try transaction("BEGIN") { _ in try body() }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .postgres(path: path, state: "", message: "\(error)")
        }
    }

    /// `body` (given the rows of `begin`'s last statement) between `begin` and COMMIT, or ROLLBACK when
    /// anything throws; inside an open transaction, just `body`. A `readOnly` transaction's COMMIT is sent
    /// without waiting for it (`PostgresConnection.sendWithoutWaiting`).
    private func transaction<T>(_ begin: String, readOnly: Bool = false, _ body: (PostgresRows?) throws -> T) throws -> T {
        if connection.inTransaction { return try body(nil) }
        do {
            let started = try connection.execute(begin)
            let result = try body(started)
            if readOnly { connection.sendWithoutWaiting("COMMIT") } else { try connection.execute("COMMIT") }
            return result
        } catch {
            if connection.inTransaction { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Takes the library's write turn for this transaction and records one more generation: document
    /// writers commit one after another, and in the order of their generations.
    @discardableResult
    func nextGeneration(document: Int64?, op: String) throws(StoreError) -> Int64 {
        let generation = try connection.query("""
            UPDATE library_state SET value = value + 1 WHERE key = 'vector_generation' RETURNING value
            """).integer
        if let document {
            try connection.query("INSERT INTO library_changes (generation, document_id, op) VALUES ($1, $2, $3)",
                                 [.integer(generation), .integer(document), .text(op)])
        }
        try trimChanges(at: generation)
        return generation
    }

    /// Claims batch job `name` with a session advisory lock, which the server drops when this connection
    /// ends, however its process ends.
    public func claimJob(_ name: String) throws(StoreError) {
        let key = Int64(bitPattern: UInt64(SHA256Text.hex("manual job " + name).prefix(15), radix: 16) ?? 0)
        let granted = try connection.query("SELECT pg_try_advisory_lock($1)", [.integer(key)]).text(0, 0)
        if granted != "t" { throw .jobRunning(path: path, job: name) }
    }

    /// When the unfinished job `name` started, or nil when none is open.
    public func jobStart(_ name: String) throws(StoreError) -> String? {
        let rows = try connection.query("SELECT started_at FROM jobs WHERE name = $1", [.text(name)])
        return rows.count > 0 ? rows.text(0, 0) : nil
    }

    /// Opens job `name` as started at `time`, unless it is already open.
    public func startJob(_ name: String, at time: String) throws(StoreError) {
        try connection.query("INSERT INTO jobs (name, started_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                             [.text(name), .text(time)])
    }

    /// Closes job `name`: the next run starts afresh.
    public func finishJob(_ name: String) throws(StoreError) {
        try connection.query("DELETE FROM jobs WHERE name = $1", [.text(name)])
    }
}

/// Facts read in one read-only snapshot (`PostgresStore.reading`), kept until it ends.
final class SnapshotMemo {
    /// Single numbers (the library's identity, generation, totals), by name.
    var integers: [String: Int64] = [:]
    var documents: [Int64: DocumentRecord?] = [:]
    var titles: [(id: Int64, title: String, fileName: String)]?
    /// `SourceCondition.rank` of every document whose file had problems (most libraries: none).
    var impaired: [Int64: Int]?
    /// The OCR'd page numbers of each document asked about.
    var ocrPages: [Int64: Set<Int>] = [:]
    /// Library-wide chunk frequencies of the terms asked about.
    var frequencies: [String: Int] = [:]
    var names: [(id: Int64, names: String)]?
    /// Heading path and text by chunk id, prefetched with a question's candidates (`documentIDs(ofChunks:)`).
    var passages: [Int64: StoredPassage] = [:]
    /// Every printed page label of a document, by physical page.
    var labels: [Int64: [Int: String]] = [:]
    /// Some of a document's printed page labels: those of the pages in `pages` (the pages of a question's
    /// candidates, `prefetchPages`); a page in `pages` without an entry in `labels` has none.
    var someLabels: [Int64: (pages: Set<Int>, labels: [Int: String])] = [:]
    /// Kept values read (`keptValue`), nil for none, by kind, state and key.
    var kept: [String: String?] = [:]
}
