import Foundation

/// Everything that decides what chunks and vectors a document gets.
///
/// Stored with every document and chunk; a mismatch with the running binary means "stale".
public struct PipelineSettings: Sendable {
    public var chunking: ChunkerSettings
    public var embedder: HashedEmbedder

    public init(chunking: ChunkerSettings = ChunkerSettings(), embedder: HashedEmbedder = HashedEmbedder()) {
        self.chunking = chunking
        self.embedder = embedder
    }

    /// Bumped whenever cleanup, sentence splitting or chunking code changes what it produces.
    public static let textPipelineRevision = 5

    /// A readable, stable string naming every setting and code revision.
    public var fingerprint: String {
        let c = chunking
        return "text-r\(PipelineSettings.textPipelineRevision);chunk=\(c.targetCharacters)/\(c.minimumCharacters)/"
            + "\(c.maximumCharacters)/\(c.overlapCharacters);\(embedder.fingerprint)"
    }
}
