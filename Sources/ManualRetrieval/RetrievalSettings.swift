/// How the hybrid retriever weighs its two channels and how many results it returns.
public struct RetrievalSettings: Sendable, Equatable {
    /// Weight of the normalised BM25 score (default 0.4).
    public var keywordWeight: Double
    /// Weight of the clamped cosine similarity (default 0.6).
    public var semanticWeight: Double
    /// Results returned (default 5).
    public var topK: Int
    /// Candidates each channel contributes before fusion.
    public var candidatesPerChannel: Int
    /// When the question names documents (`NamedDocuments`), the relevance of other documents'
    /// chunks is multiplied by this: they can still win, when much more relevant.
    public var unnamedDocumentFactor = 0.75
    /// The cosine a question has with an unrelated passage: mean word vectors share a common direction,
    /// so it is far from 0. Measured on our own fixture library (the sample manual and the kettle guide,
    /// their 44 questions against all 54 chunks): median 0.509; the best chunk's median is 0.685.
    /// Evidence (`SearchResult.evidence`) counts only what a cosine has above it.
    public var unrelatedCosine = 0.5
    /// Candidates of the fusion that `Reranker` looks at again before the best `topK` are kept.
    public var rerankDepth = 20
    /// Weight of term proximity within the keyword channel (`Reranker`); 0 turns it off. Fitted (`FusionWeights`).
    public var proximityWeight = FusionWeights.current.proximityWeight
    /// Weight of the best passage's cosine within the semantic channel (`Reranker`); 0 turns it off. Fitted
    /// (`FusionWeights`).
    public var passageWeight = FusionWeights.current.passageWeight
    /// The smallest spread of cosines stretched onto the semantic channel's full scale (`SemanticNormalization`).
    /// Fitted (`FusionWeights`).
    public var semanticMinSpan = FusionWeights.current.semanticMinSpan
    /// Weight, within the keyword channel, of a chunk holding a command-line option the question names as
    /// written ("-O"; `NamedOptions`), which the term analyser cannot see; 0 turns it off. Only questions
    /// that name an option are affected.
    public var optionWeight = 0.5

    public init(keywordWeight: Double = 0.4, semanticWeight: Double = 0.6, topK: Int = 5, candidatesPerChannel: Int = 100) {
        self.keywordWeight = keywordWeight
        self.semanticWeight = semanticWeight
        self.topK = topK
        self.candidatesPerChannel = candidatesPerChannel
    }

    /// Every setting, as text, for keys of memos whose answers depend on them (`AnswerableFollowUps`).
    /// Written out rather than `"\(self)"`, which builds the text by reflection on every question.
    package var memoKey: String {
        [keywordWeight, semanticWeight, Double(topK), Double(candidatesPerChannel), unnamedDocumentFactor,
         unrelatedCosine, Double(rerankDepth), proximityWeight, passageWeight, optionWeight, semanticMinSpan]
            .map { "\($0)" }.joined(separator: " ")
    }
}
