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

    public init(keywordWeight: Double = 0.4, semanticWeight: Double = 0.6, topK: Int = 5, candidatesPerChannel: Int = 100) {
        self.keywordWeight = keywordWeight
        self.semanticWeight = semanticWeight
        self.topK = topK
        self.candidatesPerChannel = candidatesPerChannel
    }
}
