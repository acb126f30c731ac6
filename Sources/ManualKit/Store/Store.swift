import CSQLite
import Foundation

/// The library database. The only type that speaks SQL; everything else passes values.
public final class Store {
    /// Path of the SQLite file.
    public let path: String
    let db: SQLiteDatabase
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens the library at `path`, creating it (and its folder, for this user only) when missing.
    ///
    /// A file that is not a library, or one from a newer `manual`, is reported and left untouched.
    public init(path: String) throws(StoreError) {
        self.path = path
        try Store.prepareLocation(path)
        db = try SQLiteDatabase(path: path)
        // Another process checkpointing or migrating holds the file briefly: wait rather than fail.
        try db.execute("PRAGMA busy_timeout = 10000")
        // Read the version before anything writes, so a foreign or newer file is never modified.
        let version = try Store.schemaVersion(db)
        if version > Migrations.latest {
            throw .newerSchema(path: path, found: version, supported: Migrations.latest)
        }
        try db.execute("PRAGMA foreign_keys = ON")
        if version < Migrations.latest || !Store.isWAL(db) {
            try db.execute("PRAGMA journal_mode = WAL")
        }
        try db.execute("PRAGMA synchronous = NORMAL")
        try migrate(from: version)
    }

    /// The schema version of the open library.
    public var schemaVersion: Int { (try? Store.schemaVersion(db)) ?? 0 }

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

    /// Runs `body` in one write transaction; an error rolls everything back.
    func write<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try db.transaction(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .sqlite(path: path, code: SQLITE_ERROR, message: "\(error)")
        }
    }

    private func migrate(from version: Int) throws(StoreError) {
        guard version < Migrations.latest else { return }
        try write {
            // Another process may have migrated while we waited for the write lock.
            let current = try Store.schemaVersion(db)
            for step in current..<Migrations.latest {
                try db.execute(Migrations.steps[step])
                try db.execute("PRAGMA user_version = \(step + 1)")
            }
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

    /// Creates the folder (0700) and an empty file (0600) so the library is private to its owner.
    private static func prepareLocation(_ path: String) throws(StoreError) {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .notADatabase(path: path) }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty && !fm.fileExists(atPath: folder) {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                       attributes: [.posixPermissions: 0o700])
            }
        } catch {
            throw .cannotCreate(path: path, reason: "cannot create folder \(folder)")
        }
        guard fm.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw fm.isWritableFile(atPath: folder.isEmpty ? "." : folder)
                ? .cannotCreate(path: path, reason: "cannot create file") : .readOnly(path: path)
        }
    }
}
