/// Rejoins words broken across lines: "recom-" + "mended" -> "recommended", while real compounds
/// ("well-known"), options ("--disable-shared") and codes ("x86-64") keep their hyphen.
struct Dehyphenator: Sendable {
    let vocabulary: HyphenationVocabulary

    enum Join: Equatable {
        /// The hyphen was the typesetter's: drop it.
        case dropHyphen
        /// The hyphen belongs to the word: keep it, but still close the gap.
        case keepHyphen
    }

    /// Joins broken words in `lines` (reading order, across pages); a line emptied by a join is left empty.
    func apply(to lines: inout [LayoutLine]) {
        var i = 0
        while i < lines.count - 1 {
            defer { i += 1 }
            guard lines[i].text.hasSuffix("-"), !lines[i].isAssembledRow else { continue }
            var j = i + 1
            while j < lines.count && lines[j].text.isEmpty { j += 1 }
            guard j < lines.count, !lines[j].isAssembledRow else { continue }
            let fragment = lastToken(lines[i].text)
            let next = firstToken(lines[j].text)
            guard let join = decide(fragment: fragment, next: next, soft: lines[i].endsWithSoftHyphen) else { continue }
            var head = lines[i].text
            if join == .dropHyphen { head.removeLast() }
            lines[i].text = head + next
            lines[i].endsWithSoftHyphen = lines[j].endsWithSoftHyphen && lines[j].text.count == next.count
            lines[j].text = String(lines[j].text.dropFirst(next.count).drop { $0 == " " })
        }
    }

    /// How to join `fragment` (ending in "-") with `next`, the first token of the following line;
    /// nil when the hyphen is a dash or the lines should not be joined at all.
    func decide(fragment: String, next: String, soft: Bool) -> Join? {
        guard fragment.hasSuffix("-"), !next.isEmpty else { return nil }
        let body = fragment.dropLast()
        // "value -" ends with a dash, "--" is an option prefix: neither is a broken word.
        guard let last = body.last, last != "-", !last.isWhitespace else { return nil }
        guard let nextFirst = next.first, !isListMarker(next) else { return nil }
        if soft { return .dropHyphen }
        let head = body.drop { !$0.isLetter && !$0.isNumber && $0 != "-" }
        // Options, numbers and code keep the hyphen: "--disable-" "shared", "x86-" "64".
        if head.first == "-" || !head.allSatisfy({ $0.isLetter || $0 == "-" }) { return .keepHyphen }
        let w1 = String(head.split(separator: "-").last ?? head)
        let w2 = String(next.prefix { $0.isLetter })
        guard !w1.isEmpty, !w2.isEmpty, nextFirst.isLetter else { return .keepHyphen }
        if vocabulary.words.contains((w1 + w2).lowercased()) { return .dropHyphen }
        if vocabulary.compounds.contains((w1 + "-" + w2).lowercased()) { return .keepHyphen }
        // Two words the document uses on their own, never run together: a compound ("all-season").
        if w1.count >= 3, w2.count >= 3, w1.first!.isLowercase, vocabulary.words.contains(w1.lowercased()),
           vocabulary.words.contains(w2.lowercased()) { return .keepHyphen }
        if w2.first!.isLowercase && w1.last!.isLowercase { return .dropHyphen }
        return .keepHyphen
    }

    private func lastToken(_ text: String) -> String {
        String(text.reversed().prefix { $0 != " " }.reversed())
    }

    private func firstToken(_ text: String) -> String {
        String(text.prefix { $0 != " " })
    }

    private func isListMarker(_ token: String) -> Bool {
        token.count == 1 && "•●○◦▪■□►▶➢➤✓✔*·–—".contains(token)
    }
}
