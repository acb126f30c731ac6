/// What analysing a batch of texts (a document's chunks) learns once and reuses: how non-ASCII
/// characters fold, what term each word becomes and which WordPiece rows the embedder cuts it into.
/// A manual uses a few thousand distinct words many times over.
///
/// Only lookup caches: nothing is stored or ordered by their hashing.
package struct StemCache {
    /// Non-ASCII characters folded so far.
    var folding = ScalarFolding()
    /// Word -> its stem, or nil for a stopword.
    private var terms: [String: String?] = [:]
    /// The embedder's pieces of each word it has seen.
    package var wordPieces = WordPieceCache()

    package init() {}

    /// The term `word` (lowercase) stands for: nil for a stopword, else its Porter2 stem.
    mutating func term(forWord word: String) -> String? {
        if let known = terms[word] { return known }
        let term = Stopwords.english.contains(word) ? nil : Stemmer.stem(word)
        // Bounded so a pathological input cannot grow it without limit.
        if terms.count > 200_000 { terms.removeAll(keepingCapacity: true) }
        terms[word] = term
        return term
    }
}
