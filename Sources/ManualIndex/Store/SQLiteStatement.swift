import CSQLite
import Foundation

/// SQLite's way of saying "copy this buffer now", which the C macro SQLITE_TRANSIENT spells.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value that can be bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A compiled statement with positional parameters.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let database: SQLiteDatabase

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Clears previous bindings and binds `values` to ?1, ?2, ...
    @discardableResult
    func bind(_ values: [SQLiteValue]) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): sqlite3_bind_text(statement, index, v, -1, transient)
            case .blob(let v):
                // An empty array may have no address, which SQLite would store as NULL.
                if v.isEmpty {
                    sqlite3_bind_zeroblob(statement, index, 0)
                } else {
                    v.withUnsafeBytes { raw in
                        _ = sqlite3_bind_blob(statement, index, raw.baseAddress, Int32(raw.count), transient)
                    }
                }
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        return self
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(StoreError) -> Bool {
        let rc = sqlite3_step(statement)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteDatabase.error(rc, db: database.handle, path: database.path)
            sqlite3_reset(statement)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [SQLiteValue] = []) throws(StoreError) {
        bind(values)
        while try step() {}
    }

    /// Ends the current execution so the statement holds no read snapshot.
    func reset() {
        sqlite3_reset(statement)
    }

    /// The first column of the first row as an integer (0 when there is no row). The statement is
    /// reset at once: left open, it would hold a read snapshot and keep the WAL from checkpointing.
    func integer(_ values: [SQLiteValue] = []) throws(StoreError) -> Int64 {
        bind(values)
        defer { sqlite3_reset(statement) }
        return try step() ? int(0) : 0
    }

    /// Collects every row through `read`.
    func rows<T>(_ values: [SQLiteValue] = [], _ read: (SQLiteStatement) -> T) throws(StoreError) -> [T] {
        bind(values)
        var out: [T] = []
        while try step() { out.append(read(self)) }
        return out
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String? {
        guard let raw = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: raw)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let raw = sqlite3_column_blob(statement, column) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: raw, count: count))
    }

    /// Calls `body` with the blob's bytes in place, avoiding a copy on hot paths.
    func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let count = Int(sqlite3_column_bytes(statement, column))
        let raw = sqlite3_column_blob(statement, column)
        return body(UnsafeRawBufferPointer(start: raw, count: raw == nil ? 0 : count))
    }
}
