/// Why the library database could not be opened, read or written.
public enum StoreError: Error, Equatable, Sendable {
    /// The file exists but is not an SQLite database (or is damaged beyond reading).
    case notADatabase(path: String)
    /// The library was written by a newer `manual` whose schema this binary does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The disk (or a size limit) is full; nothing was written.
    case diskFull(path: String)
    /// The folder for the library could not be created.
    case cannotCreate(path: String, reason: String)
    /// Another process holds the library longer than the busy timeout.
    case busy(path: String)
    /// Another process holds the batch job `job` (the same `--shard` of the same command).
    case jobRunning(path: String, job: String)
    /// Any other SQLite failure, with SQLite's own message.
    case sqlite(path: String, code: Int32, message: String)
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
             .cannotCreate(let p, _), .busy(let p), .jobRunning(let p, _), .sqlite(let p, _, _):
            return p
        case .documentNotFound, .queryNotFound, .scratchUnreadable:
            return nil
        }
    }
}
