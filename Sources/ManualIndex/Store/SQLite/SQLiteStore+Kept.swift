import Foundation

extension SQLiteStore {
    /// See `KeptValueStore.keptValue`.
    public func keptValue(kind: String, state: String, key: String) throws(StoreError) -> String? {
        let query = try statement("SELECT value FROM kept_values WHERE kind = ? AND state = ? AND key = ?")
        query.bind([.text(kind), .text(state), .text(key)])
        defer { query.reset() }
        return try query.step() ? query.text(0) : nil
    }

    /// See `KeptValueStore.keep`. Never touches what an answer reads, so no memo keyed by the library's state
    /// is made stale by it.
    public func keep(_ values: [String: String], kind: String, state: String, waitMilliseconds: Int) throws(StoreError) {
        guard !values.isEmpty else { return }
        try SQLiteStore.storeErrors(path) {
            try db.waitingAtMost(milliseconds: waitMilliseconds) {
                try write {
                    try statement("DELETE FROM kept_values WHERE kind = ? AND state <> ?").run([.text(kind), .text(state)])
                    let held = try statement("SELECT count(*) FROM kept_values WHERE kind = ?").integer([.text(kind)])
                    if held + Int64(values.count) > Int64(KeptValues.capacityPerKind) {
                        try statement("DELETE FROM kept_values WHERE kind = ?").run([.text(kind)])
                    }
                    let insert = try statement("INSERT OR REPLACE INTO kept_values (kind, state, key, value) VALUES (?, ?, ?, ?)")
                    // In key order, so the same work keeps the same rows in the same order.
                    for key in values.keys.sorted() {
                        try insert.run([.text(kind), .text(state), .text(key), .text(values[key]!)])
                    }
                }
            }
        }
    }
}
