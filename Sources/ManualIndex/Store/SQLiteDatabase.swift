import CSQLite
import Foundation

/// A thin connection wrapper: the only place that calls sqlite3_* besides `SQLiteStatement`.
final class SQLiteDatabase {
    /// How long a statement waits for another process's lock before the library is reported busy. Batch
    /// ingests on a loaded machine commit while others wait; ten seconds proved too short under load.
    static let busyTimeoutMilliseconds = 30_000

    let path: String
    private(set) var handle: OpaquePointer?
    /// The busy timeout in force (`waitingAtMost` shortens it for a while).
    private var busyTimeoutInForce = SQLiteDatabase.busyTimeoutMilliseconds {
        didSet { busyWait.timeoutNanoseconds = UInt64(busyTimeoutInForce) * 1_000_000 }
    }
    /// The state of this connection's busy handler (`pollingBusyHandler`), passed to SQLite as its context.
    private let busyWait = BusyWait(timeoutNanoseconds: UInt64(SQLiteDatabase.busyTimeoutMilliseconds) * 1_000_000)

    /// Opens `path`; `immutable` opens it read-only as a file nobody changes (no locks, no -shm or -wal),
    /// for libraries this user may only read.
    init(path: String, readOnly: Bool = false, immutable: Bool = false, creating: Bool = true) throws(StoreError) {
        self.path = path
        var db: OpaquePointer?
        var flags = (readOnly || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0))
            | SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        handle = db
        if rc != SQLITE_OK {
            let error = SQLiteDatabase.error(rc, db: db, path: path)
            sqlite3_close_v2(db)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        // Registering runs a statement: wait out another process's lock like every other statement does.
        sqlite3_busy_handler(db, pollingBusyHandler, Unmanaged.passUnretained(busyWait).toOpaque())
        // The full-text index needs it for every read and write, and the schema cannot carry it.
        guard let db, CJKBigramTokenizer.register(on: db) else {
            let code = db.map(sqlite3_errcode) ?? SQLITE_ERROR
            let error = code == SQLITE_OK || code == SQLITE_ERROR
                ? StoreError.sqlite(path: path, code: SQLITE_ERROR,
                                    message: "this SQLite cannot register the \(CJKBigramTokenizer.name) full-text tokenizer (FTS5 missing?)")
                : SQLiteDatabase.error(code, db: db, path: path)
            sqlite3_close_v2(db)
            handle = nil
            throw error
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL that returns no rows and takes no parameters (schema, pragmas, transactions).
    func execute(_ sql: String) throws(StoreError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw SQLiteDatabase.error(rc, db: handle, path: path) }
    }

    /// Compiles one statement; values are bound to it, never spliced into the SQL.
    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw SQLiteDatabase.error(rc, db: handle, path: path) }
        return SQLiteStatement(statement, database: self)
    }

    /// Runs `body` inside BEGIN IMMEDIATE ... COMMIT; rolls back on any error.
    ///
    /// Called inside another transaction, `body` joins it: the outer one commits or rolls back everything.
    /// Runs `body` waiting at most `milliseconds` for another connection's lock, then the usual wait again.
    func waitingAtMost<T>(milliseconds: Int, _ body: () throws -> T) rethrows -> T {
        busyTimeoutInForce = milliseconds
        defer { busyTimeoutInForce = SQLiteDatabase.busyTimeoutMilliseconds }
        return try body()
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        if sqlite3_get_autocommit(handle) == 0 {
            return try body()
        }
        releaseReadSnapshot()
        try retryingUnwaitedBusy { try execute("BEGIN IMMEDIATE") }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` again when SQLite answered "busy" without waiting for the other connection.
    ///
    /// In a few cases SQLite returns SQLITE_BUSY at once instead of calling the busy handler
    /// (sqlite.org/wal.html, "Sometimes Queries Return SQLITE_BUSY In WAL Mode"): another connection is
    /// cleaning up after the last close or recovering the log, or two connections would deadlock
    /// upgrading their locks. Many processes opening one library at once (three ingests and a stream of
    /// questions) met one of them now and then, and a question failed as "library busy" after a few
    /// milliseconds. Such an answer is tried again after a short pause, up to the busy timeout in force; one
    /// that came after (half or more of) the busy handler's wait is final. `body` must be safe to run again: a read, an
    /// idempotent set-up, or BEGIN.
    func retryingUnwaitedBusy<T>(_ body: () throws -> T) throws -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let timeout = UInt64(busyTimeoutInForce) * 1_000_000
        var pause: UInt32 = 2_000
        while true {
            let attempt = DispatchTime.now().uptimeNanoseconds
            do {
                return try body()
            } catch {
                let now = DispatchTime.now().uptimeNanoseconds
                // The handler waited (most of) its timeout: the other connection really holds the library.
                guard let storeError = error as? StoreError, case .busy = storeError,
                      now - attempt < timeout / 2, now - start < timeout else { throw error }
                usleep(pause)
                pause = min(pause * 2, 100_000)
            }
        }
    }

    /// Resets every statement of this connection that is still part-way through its rows.
    ///
    /// A statement stepped to its first row and left there (a single-value lookup) keeps a read
    /// transaction open, pinned to the snapshot it started on. In WAL mode, BEGIN IMMEDIATE on such a
    /// connection fails at once with SQLITE_BUSY_SNAPSHOT as soon as another process has committed since,
    /// without waiting for the busy timeout: a concurrent ingest or query then ended with "library busy".
    /// Writes always start from the newest snapshot instead.
    func releaseReadSnapshot() {
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(handle, current)
        }
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Maps an SQLite result code to the store error a user can act on.
    static func error(_ rc: Int32, db: OpaquePointer?, path: String) -> StoreError {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
        switch rc & 0xff {
        case SQLITE_NOTADB, SQLITE_CORRUPT: return .notADatabase(path: path)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_CANTOPEN:
            return FileManager.default.fileExists(atPath: path) ? .readOnly(path: path)
                : .cannotCreate(path: path, reason: message)
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        case SQLITE_IOERR:
            // A write refused by a size limit or a full disk surfaces as an I/O error.
            // SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE and _SHMSIZE (the -shm file cannot grow): C macros
            // that do not import into Swift.
            let writeFailures: Set<Int32> = [SQLITE_IOERR | (3 << 8), SQLITE_IOERR | (4 << 8), SQLITE_IOERR | (6 << 8),
                                             SQLITE_IOERR | (19 << 8)]
            if writeFailures.contains(rc) {
                return .diskFull(path: path)
            }
            // _SHMOPEN with the file system refusing to let the -shm file grow: the disk is full.
            if rc == SQLITE_IOERR | (18 << 8) && (errno == ENOSPC || errno == EFBIG || errno == EDQUOT) {
                return .diskFull(path: path)
            }
            return .sqlite(path: path, code: rc, message: message)
        default: return .sqlite(path: path, code: rc, message: message)
        }
    }
}
