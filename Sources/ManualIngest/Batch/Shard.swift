import ManualIndex
/// One of `count` disjoint parts of a batch job, chosen with `--shard index/count`, so that `count`
/// processes on as many machines (a Kubernetes Indexed Job, a Slurm array, GNU parallel) share the work
/// of one `ingest` or `reindex` without talking to each other.
///
/// A document's part depends only on a key that does not change between runs or machines: the stored
/// sha256 of its bytes (`reindex`), or its path relative to the `--root` every shard is given (`ingest`).
/// For a given `count`, every key belongs to exactly one part; nothing depends on clocks or on which
/// process starts first, so a killed shard is simply run again.
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

    /// The part a lowercase-hex sha256 belongs to: its first 60 bits modulo `count`.
    public static func part(ofSHA256 hex: String, count: Int) -> Int {
        Int((UInt64(hex.prefix(15), radix: 16) ?? 0) % UInt64(count))
    }

    /// Whether the document with these bytes (its lowercase-hex sha256) is in this part.
    public func contains(sha256 hex: String) -> Bool {
        Shard.part(ofSHA256: hex, count: count) == index
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
        contains(sha256: SHA256Text.hex(relativePath))
    }
}
