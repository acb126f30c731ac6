/// One line of `ingest --json` / `reindex --json` output: what happened to one document.
struct DocumentLine: Encodable {
    var file: String
    var outcome: String
    var documentID: Int64?
    var title: String?
    var pages: Int?
    var chunks: Int?
    /// Running header/footer lines that cleanup removed.
    var removedLines: Int?
    var pagesWithoutText: [Int]?
    /// Pages whose extraction was given up ("page 7: extraction took longer than 10 s, skipped").
    var skippedPages: [String]?
    var error: String?
    var exitCode: Int32?
    /// Position in a batch: documents done so far and in all.
    var done: Int?
    var total: Int?
}

/// The last line of a batch's `--json` output.
struct SummaryLine: Encodable {
    var summary: String
    var counts: [String: Int]
    var seconds: Double
    var interrupted: Bool
}
