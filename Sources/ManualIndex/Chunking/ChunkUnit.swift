/// The smallest piece the chunker places whole: a sentence, a list item, a heading, a table or an
/// admonition block.
struct ChunkUnit: Sendable, Equatable {
    enum Role: Sendable, Equatable {
        case heading
        case sentence
        case listItem
        case table
        case admonition
    }

    var sentences: [Sentence]
    var role: Role
    /// Index of the section (heading path) the unit falls under.
    var section: Int
    /// For tables: how many leading sentences are the header, repeated when the table is split.
    var headerRows = 0
    /// A later part of a table split for size: it repeats the header, so it needs no overlap.
    var continuesTable = false

    /// Characters the unit adds to a chunk's text, separators between its sentences included.
    var size: Int { ChunkUnit.size(of: sentences) }

    /// Characters of `sentences` as `Chunk.text` joins them (one separator between neighbours).
    static func size(of sentences: [Sentence]) -> Int {
        sentences.reduce(0) { $0 + $1.text.scalarCount } + max(sentences.count - 1, 0)
    }
}
