import ManualIndex
/// Turns anything a person can type into a safe FTS5 query: quoted words joined by OR.
///
/// FTS5 syntax (quotes, `*`, `:`, `-`, parentheses, AND/OR/NOT/NEAR) never reaches the parser
/// from user text: every word becomes a quoted string made of letters and digits only.
public struct KeywordQuery: Sendable, Equatable {
    /// The distinct lower-cased words kept from the question, in first-seen order.
    public let words: [String]

    /// Longest question text considered; the rest adds nothing a retriever can use.
    static let maximumWords = 64

    public init(_ question: String) {
        var seen = Set<String>()
        var kept: [String] = []
        let raw = question.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
        // A CJK question has no spaces: its bigrams are searched one by one, as the index holds them.
        for word in raw.flatMap({ $0.unicodeScalars.contains(where: CJKBigrams.isCJK) ? CJKBigrams.pieces(of: $0) : [$0] }) {
            guard word.count <= 64, !Stopwords.contains(word), seen.insert(word).inserted else { continue }
            kept.append(word)
            if kept.count == KeywordQuery.maximumWords { break }
        }
        words = kept
    }

    /// The MATCH expression, or nil when no searchable word is left.
    public var matchExpression: String? {
        guard !words.isEmpty else { return nil }
        // Words hold only letters and digits, so a double quote can never appear inside one. FTS5's own stemmer
        // keeps "colour" and "color" apart: each word is searched in its other spellings too (`SpellingVariants`).
        return words.flatMap { [$0] + SpellingVariants.otherSpellings(of: $0) }.map { "\"\($0)\"" }.joined(separator: " OR ")
    }
}
