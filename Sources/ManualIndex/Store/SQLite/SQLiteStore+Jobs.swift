/// Resumable batch jobs: a job records when it started, so a rerun after an interruption can skip
/// the documents it already re-processed (their ingest time is later than the job's start).
extension SQLiteStore {
    /// When the unfinished job `name` started (ISO 8601, UTC), or nil when none is open.
    public func jobStart(_ name: String) throws(StoreError) -> String? {
        try statement("SELECT started_at FROM jobs WHERE name = ?").rows([.text(name)]) { $0.text(0) ?? "" }.first
    }

    /// Opens job `name` as started at `time`, unless it is already open.
    public func startJob(_ name: String, at time: String) throws(StoreError) {
        try write {
            try statement("INSERT OR IGNORE INTO jobs (name, started_at) VALUES (?, ?)").run([.text(name), .text(time)])
        }
    }

    /// Closes job `name`: the next run starts afresh.
    public func finishJob(_ name: String) throws(StoreError) {
        try write {
            try statement("DELETE FROM jobs WHERE name = ?").run([.text(name)])
        }
    }
}
