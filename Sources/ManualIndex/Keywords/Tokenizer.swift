/// Splits text into normalised tokens; see `TokenScanner` for the joining rules.
public enum Tokenizer {
    /// The tokens of `text` in reading order, lowercased, NFKC/diacritic-folded, numbers joined to their units.
    public static func tokens(_ text: String) -> [Token] {
        var folding = ScalarFolding()
        var scanner = TokenScanner(folded: folding.fold(text))
        var out: [Token] = []
        while let token = scanner.next() { out.append(token) }
        return out
    }

    /// The token texts alone, in reading order.
    public static func strings(_ text: String) -> [String] {
        tokens(text).map(\.text)
    }
}
