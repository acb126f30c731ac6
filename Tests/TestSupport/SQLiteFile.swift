import CSQLite
import Foundation
import ManualKit

/// Direct SQL on a library file, for tests that must inspect or tamper with it behind the Store's back.
public enum SQLiteFile {
    public struct Failed: Error { public var message: String }

    /// Runs statements that return no rows.
    public static func execute(_ path: String, _ sql: String) throws {
        var db: OpaquePointer?
        defer { sqlite3_close(db) }
        guard sqlite3_open(path, &db) == SQLITE_OK, sqlite3_busy_timeout(db, 10_000) == SQLITE_OK,
              registerTokenizer(db), sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failed(message: String(cString: sqlite3_errmsg(db)))
        }
    }

    /// The first column of the first row of a query, as an integer.
    public static func integer(_ path: String, _ sql: String) throws -> Int64 {
        try firstRow(path, sql) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of the first row of a query, as text (nil for NULL).
    public static func text(_ path: String, _ sql: String) throws -> String? {
        try firstRow(path, sql) { sqlite3_column_text($0, 0).map { String(cString: $0) } }
    }

    /// Reads the first row of a query on a read-only connection with the tokenizer registered.
    private static func firstRow<T>(_ path: String, _ sql: String, _ read: (OpaquePointer?) -> T) throws -> T {
        var db: OpaquePointer?
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement); sqlite3_close(db) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
              sqlite3_busy_timeout(db, 10_000) == SQLITE_OK, registerTokenizer(db),
              sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW else {
            throw Failed(message: String(cString: sqlite3_errmsg(db)))
        }
        return read(statement)
    }

    /// The library's full-text index needs `manual`'s tokenizer on any connection that touches it.
    public static func registerTokenizer(_ db: OpaquePointer?) -> Bool {
        db.map(CJKBigramTokenizer.register) ?? false
    }

    /// Row counts of every table that holds document data, to prove nothing was added or lost.
    public static func rowCounts(_ path: String) throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for table in ["documents", "pages", "chunks", "headings", "document_terms"] {
            counts[table] = try integer(path, "SELECT count(*) FROM \(table)")
        }
        return counts
    }
}
