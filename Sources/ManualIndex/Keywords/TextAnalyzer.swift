/// Turns text into the terms every stage matches on: tokens, minus stopwords, stemmed.
///
/// Ingest (keyword stats, FTS, embeddings) and the query side must call the same function, so a
/// question's terms line up with stored ones. Any change to tokens, stopwords, units or stems must
/// change `version`, which is part of the pipeline fingerprint.
public enum TextAnalyzer {
    /// Identifies the tokenizer rules, unit table, stopword list and stemmer together.
    public static let version = "porter2-1+cjk-bigrams+spellings-2"

    /// Tokens longer than this (in UTF-8 bytes) are debris such as hashes or run-together lines, not terms.
    static let maximumTermLength = 48

    /// The terms of `text` in reading order: stopwords dropped, words Porter2-stemmed, numbers,
    /// measurements and codes kept as they are ("35psi", "0w20", "atmega328p").
    public static func terms(_ text: String) -> [String] {
        var stems = StemCache()
        return analyze(text, stems: &stems).map(\.text)
    }

    /// `terms(_:)` for many texts at once (e.g. all chunks of a document), sharing the stem work between them.
    public static func termLists(_ texts: [String]) -> [[String]] {
        var stems = StemCache()
        return texts.map { analyze($0, stems: &stems).map(\.text) }
    }

    /// The terms of `text` with their kinds; `stems` carries stems across calls within one batch.
    package static func analyze(_ text: String, stems: inout StemCache) -> [Token] {
        var scanner = TokenScanner(folded: stems.folding.fold(text))
        var out: [Token] = []
        while let token = scanner.next() {
            guard token.text.utf8.count <= maximumTermLength else { continue }
            switch token.kind {
            case .word:
                guard let term = stems.term(forWord: token.text) else { continue }  // a stopword
                out.append(Token(text: term, kind: .word))
            case .number, .measurement, .code:
                out.append(token)
            }
        }
        return out
    }
}
