import ManualIndex
/// Equally relevant passages go to the copy from a sound file.
///
/// Two copies of one manual (a download that broke and a good one, a copy-protected copy) hold the same
/// passages, which both channels score exactly alike. The tie went to the lower chunk id, that is to
/// whichever copy was ingested first, so answers cited the damaged file. Now a passage from a file with
/// problems (`SourceCondition`) follows an equally relevant one from a sound file; among equals the lower
/// chunk id still leads, so the order stays deterministic.
struct CopyPreference {
    /// `SourceCondition.rank` of the documents of the chunks considered, for chunks whose file had problems.
    private let ranks: [Int64: Int]

    /// The ranks of those of `chunks` from files with problems, in one statement.
    init(store: Store, chunks: some Collection<Int64>) throws(StoreError) {
        ranks = try store.impairedChunkRanks(among: Array(chunks))
    }

    /// Whether chunk `a` ranks before chunk `b`: more relevant first; equally relevant, the better file, then
    /// the lower chunk id.
    func precedes(_ a: Int64, _ aRelevance: Double, _ b: Int64, _ bRelevance: Double) -> Bool {
        if aRelevance != bRelevance { return aRelevance > bRelevance }
        let aRank = ranks[a] ?? 0, bRank = ranks[b] ?? 0
        return aRank != bRank ? aRank < bRank : a < b
    }
}
