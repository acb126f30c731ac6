import ManualIndex
/// One of `count` disjoint parts of a batch job, chosen with `--shard index/count`, so that `count`
/// processes on as many machines (a Kubernetes Indexed Job, a Slurm array, GNU parallel) share the work
/// of one `ingest` or `reindex` without talking to each other.
///
/// `ingest` parts files by a key that does not change between runs or machines: the path relative to
/// the `--root` every shard is given, hashed (`contains(relativePath:)`). `reindex` parts the library's
/// documents by their pages (`parts(byPages:count:)`): in sha256 order, cut into runs of about equal
/// pages, since a hash alone leaves one part with most of the work when a few manuals are most of the
/// pages. For a given `count` (and, for `reindex`, the same documents), every document belongs to exactly
/// one part; nothing depends on clocks or on which process starts first, so a killed shard is simply run
/// again.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// Which part, counted from 0 (Kubernetes' `JOB_COMPLETION_INDEX` as it is).
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The largest `count` accepted: more parts than that is a mistake, not a cluster.
    public static let maximumCount = 100_000

    public init?(index: Int, count: Int) {
        guard (1...Shard.maximumCount).contains(count), (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses "i/n" (0 ≤ i < n); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The part a lowercase-hex sha256 belongs to: its first 60 bits modulo `count` (how `ingest` parts files).
    public static func part(ofSHA256 hex: String, count: Int) -> Int {
        Int((UInt64(hex.prefix(15), radix: 16) ?? 0) % UInt64(count))
    }

    /// The part of each document of a library (its lowercase-hex sha256 and its page count) when `count`
    /// parts share a `reindex`: the documents in sha256 order are cut into `count` consecutive runs of
    /// about equal pages, and a document is in the run where the middle of its pages falls.
    ///
    /// Why pages and runs: a part's time is about its pages, and a hash left part 0 of the 45-manual bench
    /// library 65 % of them (four of the five copies of its 715-page manual). A part is over its even
    /// share by less than its largest document. Why sha256 order: it is known to every process without
    /// reading a file, and a change to the library (a document added, removed, or re-read with another
    /// page count) moves only the documents beside a cut, where an assignment by size (largest first)
    /// would move many. The parts agree only while they see the same documents (docs/scale-out.md).
    /// A document of no pages weighs one, so that it too is somewhere.
    public static func parts(byPages documents: [(sha256: String, pages: Int)], count: Int) -> [String: Int] {
        let ordered = documents.sorted { $0.sha256 < $1.sha256 }
        let total = ordered.reduce(0) { $0 + max($1.pages, 1) }
        var parts: [String: Int] = [:]
        var before = 0
        for document in ordered {
            let weight = max(document.pages, 1)
            // The middle of the document, before + weight / 2, as a fraction of `total`, in exact integers.
            parts[document.sha256] = min(count - 1, count * (2 * before + weight) / (2 * total))
            before += weight
        }
        return parts
    }

    /// `path` relative to the folder `root` (both made absolute, `.` and `..` resolved), or nil when it is
    /// not inside it: the key by which `ingest --shard` assigns a file to a part.
    public static func relativePath(of path: String, under root: String) -> String? {
        let folder = SourceFile.absolute(root), file = SourceFile.absolute(path)
        let prefix = folder == "/" ? "/" : folder + "/"
        guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
        return String(file.dropFirst(prefix.count))
    }

    /// Whether the file at `relativePath` (relative to the job's root, as every shard sees it) is in this part.
    public func contains(relativePath: String) -> Bool {
        Shard.part(ofSHA256: SHA256Text.hex(relativePath), count: count) == index
    }
}
