/// Work a process derived from the library, kept in it for every node (`KeptValueStore`): without it each
/// question through PostgreSQL worked out again its follow-up checks, the library's topics and the words
/// of the manuals' names, which a question through SQLite reads back.
extension PostgresStore {
    /// See `KeptValueStore.keptValue`; once per key in a snapshot.
    public func keptValue(kind: String, state: String, key: String) throws(StoreError) -> String? {
        let memoKey = kind + "\u{1}" + state + "\u{1}" + key
        if let known = snapshot?.kept[memoKey] { return known }
        let rows = try connection.query("SELECT value FROM kept_values WHERE kind = $1 AND state = $2 AND key = $3",
                                        [.text(kind), .text(state), .text(key)])
        let value = rows.count > 0 ? rows.text(0, 0) : nil
        snapshot?.kept[memoKey] = .some(value)
        return value
    }

    /// See `KeptValueStore.keep`: one transaction, which never takes the library's write turn (the values
    /// are no part of what an answer reads) and waits for another node keeping the same values at most
    /// `waitMilliseconds` (at least 1: PostgreSQL reads 0 as no limit), then gives up as busy.
    public func keep(_ values: [String: String], kind: String, state: String, waitMilliseconds: Int) throws(StoreError) {
        guard !values.isEmpty else { return }
        do {
            try write {
                try connection.execute("SET LOCAL lock_timeout = \(max(1, waitMilliseconds))")
                try connection.query("DELETE FROM kept_values WHERE kind = $1 AND state <> $2", [.text(kind), .text(state)])
                let held = try connection.query("SELECT count(*) FROM kept_values WHERE kind = $1", [.text(kind)]).integer
                if held + Int64(values.count) > Int64(KeptValues.capacityPerKind) {
                    try connection.query("DELETE FROM kept_values WHERE kind = $1", [.text(kind)])
                }
                let keys = values.keys.sorted()
                try connection.query("""
                    INSERT INTO kept_values (kind, state, key, value) SELECT $1, $2, k, v FROM unnest($3::text[], $4::text[]) AS t(k, v)
                    ON CONFLICT (kind, state, key) DO UPDATE SET value = excluded.value
                    """, [.text(kind), .text(state), .text(PostgresArray.texts(keys)), .text(PostgresArray.texts(keys.map { values[$0]! }))])
            }
        } catch .postgres(_, "55P03", _) {
            throw .busy(path: path)
        }
    }
}
