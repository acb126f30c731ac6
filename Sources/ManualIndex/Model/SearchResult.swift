/// Which retrieval channel found a result.
public enum MatchType: String, Sendable, Codable, Equatable {
    case keyword
    case semantic
    case hybrid
}

/// A ranked chunk with the scores that placed it, as the retriever hands it to the answer stage.
public struct SearchResult: Sendable, Equatable {
    public var chunkID: Int64
    public var documentID: Int64
    public var documentTitle: String
    public var fileName: String
    public var chunk: Chunk
    /// Printed labels of the pages this chunk covers, keyed by physical page number.
    public var pageLabels: [Int: String]
    /// Normalised BM25 score in [0,1], with term proximity taken in (`Reranker`); 0 when the keyword
    /// channel did not find the chunk.
    public var keywordScore: Double
    /// The chunk's cosine to the question, stretched over the candidates to [0,1] (`SemanticNormalization`),
    /// with its best passage's taken in (`Reranker`); 0 when the semantic channel was not run.
    public var semanticScore: Double
    /// keywordWeight * keywordScore + semanticWeight * semanticScore, times `documentFactor` when there is one:
    /// the ranking.
    public var relevance: Double
    /// keywordWeight * the keyword score before re-ranking + semanticWeight * the cosine above that of unrelated text
    /// (`SemanticNormalization.absolute`), times `documentFactor`: relevance on a scale that does not depend
    /// on the other candidates, which the answer stage weighs as evidence. The stretched score always gives
    /// the best candidate 1, however unrelated.
    public var evidence: Double
    /// The chunk's own cosine to the question, on the scale of `RetrievalSettings.unrelatedCosine` (about 0.5
    /// for unrelated text); nil when the semantic channel was not run or did not score the chunk. Unlike
    /// `semanticScore` it does not depend on the other candidates, so the answer stage can ask how close
    /// in meaning a passage is (`AnswerSettings.closeMeaningCosine`).
    public var cosine: Double?
    /// Set when the question names other documents than this chunk's (`NamedDocuments`): the factor
    /// its relevance was multiplied by.
    public var documentFactor: Double?
    /// True when the question names an option and this chunk is its own entry (`NamedOptions.defined(in:)`):
    /// such chunks lead the ranking.
    public var definesOption = false
    public var matchType: MatchType
    /// Stemmed query terms that occur in the chunk.
    public var matchedTerms: [String]

    public init(chunkID: Int64, documentID: Int64, documentTitle: String, fileName: String,
                chunk: Chunk, pageLabels: [Int: String] = [:], keywordScore: Double,
                semanticScore: Double, relevance: Double, matchType: MatchType,
                matchedTerms: [String] = []) {
        self.chunkID = chunkID
        self.documentID = documentID
        self.documentTitle = documentTitle
        self.fileName = fileName
        self.chunk = chunk
        self.pageLabels = pageLabels
        self.keywordScore = keywordScore
        self.semanticScore = semanticScore
        self.relevance = relevance
        self.evidence = relevance
        self.matchType = matchType
        self.matchedTerms = matchedTerms
    }
}
