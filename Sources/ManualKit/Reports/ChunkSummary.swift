import Foundation
import ManualIndex

/// A chunk as the retriever sees it, for `manual chunks --json` and `GET /api/documents/{id}/chunks`.
public struct ChunkSummary: Encodable, Sendable {
    public var ordinal: Int
    public var heading: [String]
    public var firstPage: Int
    public var lastPage: Int
    public var firstLabel: String?
    public var lastLabel: String?
    public var characters: Int
    public var hasAdmonition: Bool
    public var keywords: [String]
    public var sentences: [Sentence]
    public var text: String

    public init(_ c: Chunk) {
        ordinal = c.ordinal
        heading = c.headingPath
        firstPage = c.firstPage
        lastPage = c.lastPage
        firstLabel = c.firstLabel
        lastLabel = c.lastLabel
        characters = c.text.count
        hasAdmonition = c.hasAdmonition
        keywords = c.keywords
        sentences = c.sentences
        text = c.text
    }
}
