/// The questions asked of the library, their answers and ratings.
public protocol HistoryStore: AnyObject {
    /// Stores a query and returns its id, waiting at most `waitMilliseconds` for a writer holding the
    /// library (an ingest can hold it for minutes; the history is not worth that wait).
    @discardableResult
    func record(_ query: QueryRecord, waitMilliseconds: Int) throws(StoreError) -> Int64

    /// Past queries, newest first, at most `limit`; with `documentID`, those limited to or citing that document.
    func queries(documentID: Int64?, limit: Int) throws(StoreError) -> [QueryRecord]

    /// Marks a past answer helpful or unhelpful.
    func rate(queryID: Int64, rating: String) throws(StoreError)
}

extension HistoryStore {
    /// Stores a query and returns its id, waiting up to 30 s for a writer holding the library.
    @discardableResult
    public func record(_ query: QueryRecord) throws(StoreError) -> Int64 {
        try record(query, waitMilliseconds: 30_000)
    }

    /// The last 50 queries, newest first.
    public func queries() throws(StoreError) -> [QueryRecord] {
        try queries(documentID: nil, limit: 50)
    }

    /// The last `limit` queries, newest first.
    public func queries(limit: Int) throws(StoreError) -> [QueryRecord] {
        try queries(documentID: nil, limit: limit)
    }
}
