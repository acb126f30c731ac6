/// What kind of text a sentence carries; admonitions are kept whole and flagged.
public enum SentenceKind: String, Sendable, Codable, Equatable {
    case body
    case heading
    case listItem
    case tableRow
    case warning
    case caution
    case note
}

/// A sentence (or a list item, table row or heading line) with the physical page it starts on.
public struct Sentence: Sendable, Equatable, Codable {
    public var text: String
    /// Physical page number (1-based) on which the sentence starts.
    public var page: Int
    /// Physical page on which the sentence ends (equal to `page` unless it runs over a page break).
    public var lastPage: Int
    public var kind: SentenceKind

    public init(text: String, page: Int, lastPage: Int? = nil, kind: SentenceKind = .body) {
        self.text = text
        self.page = page
        self.lastPage = lastPage ?? page
        self.kind = kind
    }

    /// Every physical page the sentence stands on.
    public var pages: ClosedRange<Int> { page...max(page, lastPage) }
}

/// A retrievable passage: whole sentences under one heading path, with exact pages.
public struct Chunk: Sendable, Equatable, Codable {
    /// Position of the chunk in its document, 0-based.
    public var ordinal: Int
    /// The sentences that make up the chunk, each with its own page.
    public var sentences: [Sentence]
    /// Headings from the top level down, e.g. ["4 Wheels and Tires", "4.2 Tire Pressure"].
    public var headingPath: [String]
    /// Printed labels of the first and last pages, when the PDF has them.
    public var firstLabel: String?
    public var lastLabel: String?
    /// True when the chunk holds a WARNING, CAUTION or NOTE block.
    public var hasAdmonition: Bool
    /// Up to ten stemmed keywords, best first (filled in by the keyword stage).
    public var keywords: [String]
    /// The static-table embedding vector, L2-normalised (filled in by the embedding stage); read back from a
    /// library, its stored int8 copy scaled back, unit length within about 1 %.
    public var vector: [Float]
    /// The table's rows for each sentence (filled in by the embedding stage with the vector); nil for a
    /// chunk stored before schema 11. Not part of the chunk's JSON.
    public var sentencePieces: SentencePieces?
    /// Which sentences are navigation lines, judged at ingest (`NavigationMarks`); nil for a chunk stored
    /// before schema 12. Not part of the chunk's JSON.
    public var navigationMarks: NavigationMarks?
    /// The passage's terms (`PassageTerms`), worked out at ingest; nil for a chunk stored before schema 15.
    /// Not part of the chunk's JSON.
    public var passageTerms: PassageTerms?

    private enum CodingKeys: String, CodingKey {
        case ordinal, sentences, headingPath, firstLabel, lastLabel, hasAdmonition, keywords, vector
    }

    public init(ordinal: Int, sentences: [Sentence], headingPath: [String],
                firstLabel: String? = nil, lastLabel: String? = nil,
                hasAdmonition: Bool = false, keywords: [String] = [], vector: [Float] = []) {
        self.ordinal = ordinal
        self.sentences = sentences
        self.headingPath = headingPath
        self.firstLabel = firstLabel
        self.lastLabel = lastLabel
        self.hasAdmonition = hasAdmonition
        self.keywords = keywords
        self.vector = vector
    }

    /// The chunk text: sentences joined by single spaces, table rows and list items on their own lines.
    public var text: String {
        var out = ""
        for (i, s) in sentences.enumerated() {
            if i > 0 {
                let lineBreak = s.kind == .tableRow || s.kind == .listItem || s.kind == .heading
                    || sentences[i - 1].kind == .tableRow || sentences[i - 1].kind == .heading
                out += lineBreak ? "\n" : " "
            }
            out += s.text
        }
        return out
    }

    /// First physical page the chunk covers.
    public var firstPage: Int { sentences.map(\.page).min() ?? 0 }
    /// Last physical page the chunk covers.
    public var lastPage: Int { sentences.map(\.lastPage).max() ?? 0 }
    /// The heading path as one line, "A > B > C".
    public var heading: String { headingPath.joined(separator: " > ") }
}
