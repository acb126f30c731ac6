import CSQLite
import Foundation

/// A library in one SQLite file: the default `Store`, and the only type that speaks SQLite's SQL.
///
/// Sharing (docs/concurrency.md): an `SQLiteStore` is one SQLite connection, opened without SQLite's own
/// mutex, and belongs to one thread or task at a time; it is not `Sendable`. Concurrent readers each
/// open their own store (or `ManualLibrary`) on the same path. The file is in WAL mode: readers never
/// wait for the writer and see the last commit that finished before their read began (`reading`);
/// a writer waits up to `SQLiteDatabase.busyTimeoutMilliseconds` for another writer. A document is
/// written in one transaction, so no reader ever sees half of one.
public final class SQLiteStore: Store {
    /// Path of the SQLite file.
    public let path: String
    private(set) var db: SQLiteDatabase
    private var statements: [String: SQLiteStatement] = [:]
    /// Set when the library could only be opened for reading because the disk is full: every write
    /// then fails with it (not as "read-only").
    private var readingOnlyBecause: StoreError?
    /// The open `<library>.jobs` file whose byte locks are this store's job claims (`claimJob`), or -1.
    var claimFile: Int32 = -1

    /// Opens the library at `path`, creating it (and its folder, for this user only) when missing.
    /// With `creating` false, a missing library is `.noLibrary` and nothing is made on disk: the commands
    /// that only read (a typo in `--db` must not leave an empty library behind to answer "not covered").
    ///
    /// A file that is not a library, or one from a newer `manual`, is reported and left untouched.
    /// A library this user may not write (read-only file or folder) still opens for reading when no
    /// write-ahead log holds anything: every write then fails as read-only.
    public init(path: String, creating: Bool = true) throws(StoreError) {
        self.path = path
        if creating {
            try SQLiteStore.prepareLocation(path)
        } else {
            try SQLiteStore.requireLibrary(path)
        }
        db = try SQLiteDatabase(path: path, creating: creating)
        do {
            try SQLiteStore.storeErrors(path) { try db.retryingUnwaitedBusy { try setUp(readOnly: false) } }
        } catch .readOnly(let p) {
            guard SQLiteStore.readableWithoutWAL(path) else { throw .readOnly(path: p) }
            statements = [:]
            db = try SQLiteDatabase(path: path, immutable: true)
            try setUp(readOnly: true)
        } catch .diskFull(let p) {
            // A full disk can refuse even the shared-memory file a WAL reader needs. With nothing in the
            // log, the file alone is the library: read it as it is, and refuse writes as disk full.
            guard SQLiteStore.walIsEmpty(path) else { throw .diskFull(path: p) }
            statements = [:]
            db = try SQLiteDatabase(path: path, immutable: true)
            do {
                try setUp(readOnly: true)
            } catch .readOnly {
                throw .diskFull(path: p)  // a new library, or one that needs a migration: both are writes
            }
            readingOnlyBecause = .diskFull(path: p)
        }
    }

    deinit {
        if claimFile >= 0 { close(claimFile) }
    }

    /// How much of the library file SQLite reads through a memory mapping (`PRAGMA mmap_size`).
    static let mappedBytes = 64 << 20

    private func setUp(readOnly: Bool) throws(StoreError) {
        // Another process checkpointing, migrating or committing holds the file for a while: the connection
        // waits rather than fails, with the busy handler `SQLiteDatabase` installed when it opened it.
        // The first 64 MB of the file are read through a mapping rather than copied into SQLite's own cache:
        // a question, a new process, reads a few hundred pages, and the buffers of the copies were a fifth of
        // its page faults (docs/performance.md at eb03cd7, "Thirty-fifth session"). The mapped pages a process has
        // touched count in its resident size (about 10 MB for a question of the nine corpus manuals), as the
        // page cache's, not its own. The file never shrinks under a mapping: SQLite shrinks it only by
        // vacuuming it in place or with auto-vacuum, and `manual` does neither (`backup` writes a copy). A disk
        // error while reading the mapped part ends the process, as one in the mapped vector file
        // (`VectorIndex`) does.
        try db.execute("PRAGMA mmap_size = \(SQLiteStore.mappedBytes)")
        // Read the version before anything writes, so a foreign or newer file is never modified.
        let (version, objects) = try SQLiteStore.versionAndSchemaSize(db)
        if version > Migrations.latest {
            throw .newerSchema(path: path, found: version, supported: Migrations.latest)
        }
        // Version 0 with tables in it is some other program's database (migrations set the version
        // in the same transaction that creates the tables): never switch it to WAL or add ours.
        if version == 0 && objects > 0 {
            throw .notADatabase(path: path)
        }
        try db.execute("PRAGMA foreign_keys = ON")
        if readOnly {
            // An older schema would need a migration, which is a write.
            if version < Migrations.latest { throw .readOnly(path: path) }
            return
        }
        // Only when needed: switching takes an exclusive lock, which other processes opening the library hold off.
        if !SQLiteStore.isWAL(db) {
            try db.execute("PRAGMA journal_mode = WAL")
        }
        try db.execute("PRAGMA synchronous = NORMAL")
        try migrate(from: version)
        // Chunks written before schema 4 get their int8 vectors once, as part of bringing the file up to date.
        try backfillQuantizedVectors()
    }

    /// Whether a library this process cannot write may be read straight from its file: only when this
    /// user lacks write permission (so this process never writes it) and no write-ahead log holds
    /// committed pages that reading the file alone would miss.
    private static func readableWithoutWAL(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard access(path, R_OK) == 0, access(path, W_OK) != 0 || access(folder.isEmpty ? "." : folder, W_OK) != 0 else {
            return false
        }
        return walIsEmpty(path)
    }

    /// No write-ahead log beside the library, or an empty one.
    private static func walIsEmpty(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// Derived files sit beside the library file (`library.sqlite.vectors`).
    public var cacheLocation: String { path }

    /// The schema version of the open library.
    public var schemaVersion: Int { (try? SQLiteStore.schemaVersion(db)) ?? 0 }

    /// Caches compiled statements: the same SQL runs thousands of times during an ingest.
    func statement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let cached = statements[sql] {
            // A statement stepped earlier without reaching its end would otherwise resume where it stopped.
            cached.bind([])
            return cached
        }
        let compiled = try db.prepare(sql)
        statements[sql] = compiled
        return compiled
    }

    /// Runs `body` in one read transaction, so all its queries see one snapshot of the library even
    /// while another process commits (a reindex swapping a document between two of them).
    public func reading<T>(_ body: () throws -> T) throws -> T {
        // Reading is safe to repeat: a busy answer SQLite gave without waiting is tried again.
        try db.retryingUnwaitedBusy {
            try db.execute("BEGIN")
            defer { try? db.execute("COMMIT") }
            return try body()
        }
    }

    /// Runs `body`, passing on its error as the `StoreError` it is; any other error (a caller's closure
    /// may throw its own) is reported as an SQLite error of the library at `path`.
    static func storeErrors<T>(_ path: String, _ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch let error as StoreError { throw error } catch {
            throw .sqlite(path: path, code: SQLITE_ERROR, message: "\(error)")
        }
    }

    /// Runs `body` in one write transaction; an error rolls everything back.
    func write<T>(_ body: () throws -> T) throws(StoreError) -> T {
        if let readingOnlyBecause { throw readingOnlyBecause }
        return try SQLiteStore.storeErrors(path) { try db.transaction(body) }
    }

    private func migrate(from version: Int) throws(StoreError) {
        guard version < Migrations.latest else { return }
        try write {
            // Another process may have migrated while we waited for the write lock.
            let current = try SQLiteStore.schemaVersion(db)
            for step in current..<Migrations.latest {
                try db.execute(Migrations.steps[step])
                try db.execute("PRAGMA user_version = \(step + 1)")
            }
        }
    }

    /// The schema version and the number of schema objects, read in one statement (one snapshot),
    /// so a library being created by another process is never mistaken for a foreign database.
    private static func versionAndSchemaSize(_ db: SQLiteDatabase) throws(StoreError) -> (Int, Int) {
        let statement = try db.prepare("SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)")
        guard try statement.step() else { return (0, 0) }
        return (Int(statement.int(0)), Int(statement.int(1)))
    }

    /// Saves a processed document, deciding inside the write transaction what it is: the same bytes already
    /// stored under another document are `unchanged` (another process may have committed them since the
    /// caller looked), a document already read from the same path is replaced and keeps its id, anything
    /// else is added. Concurrent ingests of the same file therefore never fail on the unique sha256.
    public func save(resolving content: DocumentContent) throws(StoreError) -> (id: Int64, outcome: SaveOutcome) {
        try write {
            let previous = try documents(sourcePath: content.document.sourcePath).first
            if let existing = try document(sha256: content.document.sha256), existing.id != previous?.id {
                return (existing.id, .unchanged)
            }
            let id = try save(content, replacing: previous?.id)
            return (id, previous == nil ? .added : .replaced)
        }
    }

    private static func schemaVersion(_ db: SQLiteDatabase) throws(StoreError) -> Int {
        let statement = try db.prepare("PRAGMA user_version")
        guard try statement.step() else { return 0 }
        return Int(statement.int(0))
    }

    private static func isWAL(_ db: SQLiteDatabase) -> Bool {
        guard let statement = try? db.prepare("PRAGMA journal_mode"), (try? statement.step()) == true else { return false }
        return statement.text(0)?.lowercased() == "wal"
    }

    /// Throws `.noLibrary` when nothing at `path` can hold a library: a missing path, or an empty file with
    /// no write-ahead log beside it (what `touch` leaves, or a creation that stopped before its first write),
    /// and `.notADatabase` for a folder. Anything else is opened and judged by its contents.
    private static func requireLibrary(_ path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .noLibrary(path: path) }
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .notADatabase(path: path) }
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0 && walIsEmpty(path) { throw .noLibrary(path: path) }
    }

    /// Creates the folder (0700) and an empty file (0600) so the library is private to its owner.
    ///
    /// The file is created with O_EXCL and its mode from the start: another process creating the same
    /// library at the same moment gets EEXIST and simply opens the file, instead of replacing it (and the
    /// schema the first process may already be writing) with an empty one.
    private static func prepareLocation(_ path: String) throws(StoreError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw .notADatabase(path: path) }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try createFolder(folder, for: path)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            let code = errno
            switch code {
            case EEXIST: return
            case EACCES, EPERM, EROFS: throw .readOnly(path: path)
            case ENOSPC, EDQUOT: throw .diskFull(path: path)
            default: throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
            }
        }
        // The umask may have taken bits away, never added any; make the mode exactly 0600.
        fchmod(fd, 0o600)
        close(fd)
    }

    /// mkdir -p with 0700 for every folder it creates (folders that exist are left as they are).
    private static func createFolder(_ folder: String, for path: String) throws(StoreError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .cannotCreate(path: path, reason: "\(folder) is not a folder")
            }
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != folder {
            try createFolder(parent, for: path)
        }
        if mkdir(folder, 0o700) != 0 {
            let code = errno
            if code == EEXIST { return }
            throw .cannotCreate(path: path, reason: "cannot create folder \(folder): \(String(cString: strerror(code)))")
        }
        chmod(folder, 0o700)
    }
}
