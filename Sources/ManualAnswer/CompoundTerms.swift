/// Words a manual writes run together from the question's words, or from their first letters: a setting or
/// option named "spifreq" for "SPI frequency", "baudrate" for "baud rate", "pollinterval" for "poll interval".
///
/// Technical manuals name their settings so, and a question says them in words: "Default poll interval of
/// the XB-7 adapter" is answered by "‘pollinterval=0..7’ / 0 30 ms (default)", whose words the question
/// does not hold. The term analyser keeps such a name as one term; read as the words it is made of, it
/// tells the sentences under it what they are about.
enum CompoundTerms {
    /// The shortest piece that stands for a word: "spi", "rel" (of "relative"), "tol".
    static let shortestPiece = 3
    /// A piece may run past a stemmed word by a suffix: "frequency" for the stem "frequenc".
    static let longestSuffix = 3

    /// For each term of `held` that is not itself one of `terms`, the terms it is made of, when it is two or
    /// three pieces each standing for a different one of them (a prefix of the term of at least
    /// `shortestPiece` letters, or the term and a short suffix). Letters only: a part number is a code.
    static func find(in held: Set<String>, terms: [String]) -> [String: [String]] {
        let words = terms.filter { $0.count >= shortestPiece && $0.allSatisfy(\.isLetter) }
        guard words.count >= 2 else { return [:] }
        let starts = Set(words.map { String($0.prefix(shortestPiece)) })
        // No piece is longer than the longest word and its suffix, so no longer term is made of three: a
        // 10,000-letter "word" is not searched.
        let longestPiece = (words.map(\.count).max() ?? 0) + longestSuffix
        var out: [String: [String]] = [:]
        for term in held where term.count >= 2 * shortestPiece && term.count <= 3 * longestPiece && !terms.contains(term)
            && starts.contains(String(term.prefix(shortestPiece))) && term.allSatisfy(\.isLetter) {
            if let parts = pieces(Array(term), from: 0, words: words, used: [], longest: longestPiece) { out[term] = parts }
        }
        return out
    }

    /// The words the characters from `start` on stand for, each once, in two or three pieces in all.
    private static func pieces(_ characters: [Character], from start: Int, words: [String], used: [String],
                               longest: Int) -> [String]? {
        if start == characters.count { return used.count >= 2 ? used : nil }
        guard used.count < 3 else { return nil }
        // Longest piece first, so "frequency" reads as one word and not as "freq" and a stray "uency".
        for end in stride(from: min(characters.count, start + longest), through: start + shortestPiece, by: -1) {
            let piece = String(characters[start..<end])
            for word in words where !used.contains(word) && stands(piece, for: word) {
                if let found = pieces(characters, from: end, words: words, used: used + [word], longest: longest) { return found }
            }
        }
        return nil
    }

    private static func stands(_ piece: String, for word: String) -> Bool {
        word.hasPrefix(piece) || (piece.hasPrefix(word) && piece.count <= word.count + longestSuffix)
    }
}
