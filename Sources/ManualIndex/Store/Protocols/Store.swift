/// A library's storage: its documents, chunks, the indexes questions read, the history. The only layer
/// that speaks a database's language; everything above it passes values (`DocumentRecord`, `StoredChunk`,
/// `ChannelHit`) and never knows which database holds the library: `Stores.open` chooses.
///
/// What every implementation promises:
/// - A store is one connection, used by one thread or task at a time (it is not `Sendable`): readers
///   working in parallel each open their own, and never wait for each other or for a writer.
/// - A document is written in one transaction: no reader ever sees half of one, and a write that fails
///   leaves the library as it was.
/// - The same library gives the same answers through any implementation: ids, scores and their order.
/// - Every failure is a `StoreError`, which the interfaces turn into a message and an exit code.
///
/// The capabilities are grouped by what their callers do (`DocumentStore`, `ChunkStore`, `SearchStore`,
/// `HistoryStore`, `MaintenanceStore`, `KeptValueStore`); `Store` is all of them, what commands and the server hold.
public protocol Store: AnyObject, DocumentStore, ChunkStore, SearchStore, HistoryStore, MaintenanceStore,
    KeptValueStore {
    /// Where the library is, as the user named it: the path of an SQLite file, or a PostgreSQL URL without
    /// its password.
    var path: String { get }

    /// Where files a process derives from the library (the vector file) are kept, as a path prefix: the
    /// library file itself for SQLite, a file named after the URL in the user's cache folder for PostgreSQL.
    var cacheLocation: String { get }

    /// The schema version of the open library.
    var schemaVersion: Int { get }

    /// Runs `body` in one read transaction, so all its queries see one snapshot of the library even
    /// while another process commits (a reindex swapping a document between two of them).
    func reading<T>(_ body: () throws -> T) throws -> T
}

extension Store {
    /// Names this library as it is now, for what a process remembers of it (a chunk's passage windows, which
    /// follow-ups are answerable, whole answers): its location, its identity (a library made anew at the same
    /// place is another) and its changes (documents added, removed or moved, by any process).
    public func stateKey() throws(StoreError) -> String {
        "\(path)\u{1}\(try libraryID())\u{1}\(try libraryChanges())"
    }
}

/// Opens libraries by location.
public enum Stores {
    /// The store of the library at `location` (an SQLite file's path, or a `postgres://` URL), created when
    /// missing unless `creating` is false (then a missing library is `StoreError.noLibrary` and nothing is
    /// made); see `SQLiteStore.init(path:creating:)` and `PostgresStore.init(url:creating:)` for what is
    /// refused and left untouched.
    public static func open(_ location: String, creating: Bool = true) throws(StoreError) -> any Store {
        if PostgresLocation.isURL(location) { return try PostgresStore(url: location, creating: creating) }
        return try SQLiteStore(path: location, creating: creating)
    }

    /// Whether `location` names a PostgreSQL library.
    public static func isPostgres(_ location: String) -> Bool {
        PostgresLocation.isURL(location)
    }

    /// Where a program keeps its own files beside the library at `location` (`serve`'s uploads and page
    /// images): `FILE.files` beside an SQLite file; for a PostgreSQL URL, which has no folder of its own, a
    /// folder under the user's data folder named by a hash of the URL (no password, no relative path).
    public static func filesFolder(for location: String) -> String {
        (PostgresLocation.isURL(location) ? PostgresLocation.dataPrefix(for: location) : location) + ".files"
    }

    /// What kind of store holds a library, as `status` and `/api/status` name it.
    public static func kind(of store: any Store) -> String {
        store is PostgresStore ? "postgresql" : "sqlite"
    }
}
