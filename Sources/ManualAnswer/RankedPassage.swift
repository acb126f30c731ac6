import ManualIndex
/// A retrieved chunk as reported alongside an answer, scores rounded to four decimals.
public struct RankedPassage: Sendable, Equatable, Codable {
    /// 1 for the best result.
    public var rank: Int
    public var chunkID: Int64
    public var documentID: Int64
    public var title: String
    public var file: String
    public var heading: String
    public var firstPage: Int
    public var lastPage: Int
    public var firstLabel: String?
    public var lastLabel: String?
    public var keywordScore: Double
    public var semanticScore: Double
    public var relevance: Double
    /// The factor the relevance was multiplied by because the question names other documents; absent otherwise.
    public var documentFactor: Double?
    /// True when the question names an option and this passage is its own entry, which leads the ranking
    /// whatever its relevance (`HybridRetriever`); absent otherwise.
    public var definesOption: Bool?
    public var matchType: MatchType
    public var matchedTerms: [String]

    /// The passage for `result` placed at `rank` (1-based).
    public init(rank: Int, result: SearchResult) {
        let chunk = result.chunk
        self.rank = rank
        chunkID = result.chunkID
        documentID = result.documentID
        title = result.documentTitle
        file = result.fileName
        heading = chunk.heading
        firstPage = chunk.firstPage
        lastPage = chunk.lastPage
        // The chunk carries labels from ingest; the retriever's page map fills in when it does not.
        firstLabel = chunk.firstLabel ?? result.pageLabels[chunk.firstPage]
        lastLabel = chunk.lastLabel ?? result.pageLabels[chunk.lastPage]
        keywordScore = FourDecimals.round(result.keywordScore)
        semanticScore = FourDecimals.round(result.semanticScore)
        relevance = FourDecimals.round(result.relevance)
        documentFactor = result.documentFactor
        definesOption = result.definesOption ? true : nil
        matchType = result.matchType
        matchedTerms = result.matchedTerms
    }
}
