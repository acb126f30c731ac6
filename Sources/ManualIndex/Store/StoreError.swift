/// Why the library database could not be opened, read or written.
public enum StoreError: Error, Equatable, Sendable {
    /// The file exists but is not an SQLite database (or is damaged beyond reading), or the PostgreSQL
    /// database holds tables that are not a library's.
    case notADatabase(path: String)
    /// The library was written by a newer `manual` whose schema this binary does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The disk (or a size limit) is full; nothing was written.
    case diskFull(path: String)
    /// The folder for the library could not be created.
    case cannotCreate(path: String, reason: String)
    /// No library at the path, and the caller only reads one (only `ingest` creates a library).
    case noLibrary(path: String)
    /// Another process holds the library longer than the busy timeout.
    case busy(path: String)
    /// Another process holds the batch job `job` (the same `--shard` of the same command).
    case jobRunning(path: String, job: String)
    /// Any other SQLite failure, with SQLite's own message.
    case sqlite(path: String, code: Int32, message: String)
    /// The PostgreSQL server named by the library's URL could not be reached (refused, unknown host, timeout).
    case serverUnreachable(path: String, reason: String)
    /// The PostgreSQL server refused the user or password of the library's URL.
    case authenticationFailed(path: String, reason: String)
    /// The PostgreSQL server has no database of the URL's name (`createdb` makes one).
    case noDatabase(path: String, reason: String)
    /// The PostgreSQL server went away during the command; the open transaction was rolled back.
    case connectionLost(path: String, reason: String)
    /// Any other PostgreSQL failure, with its SQLSTATE and message.
    case postgres(path: String, state: String, message: String)
    /// libpq, the PostgreSQL client library a `postgres://` library needs, is not installed.
    case clientLibraryMissing(reason: String)
    /// No document with this id or path is in the library.
    case documentNotFound(String)
    /// No stored query with this id.
    case queryNotFound(Int64)
    /// A processed document could not be read back from temporary storage while it was written.
    case scratchUnreadable(reason: String)

    /// The library file the error is about, when there is one.
    public var path: String? {
        switch self {
        case .notADatabase(let p), .newerSchema(let p, _, _), .readOnly(let p), .diskFull(let p),
             .cannotCreate(let p, _), .noLibrary(let p), .busy(let p), .jobRunning(let p, _), .sqlite(let p, _, _),
             .serverUnreachable(let p, _), .authenticationFailed(let p, _), .noDatabase(let p, _), .connectionLost(let p, _),
             .postgres(let p, _, _):
            return p
        case .documentNotFound, .queryNotFound, .scratchUnreadable, .clientLibraryMissing:
            return nil
        }
    }
}
