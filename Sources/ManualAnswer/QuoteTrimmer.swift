/// Shortens a sentence for a citation without cutting a word in half.
struct QuoteTrimmer {
    /// Longest result in characters, the ellipsis included.
    let maxLength: Int

    static let ellipsis: Character = "…"

    /// `text` with runs of whitespace collapsed; when longer than `maxLength`, cut at the last
    /// word boundary that fits and ended with "…". A single over-long word is cut where it must be.
    func trim(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        let collapsed = words.joined(separator: " ")
        guard collapsed.count > maxLength else { return collapsed }
        guard maxLength > 1 else { return maxLength == 1 ? String(QuoteTrimmer.ellipsis) : "" }
        let budget = maxLength - 1
        var kept = ""
        for word in words {
            let next = kept.isEmpty ? String(word) : kept + " " + word
            guard next.count <= budget else { break }
            kept = next
        }
        if kept.isEmpty { kept = String(collapsed.prefix(budget)) }
        // "…" after a comma or colon reads as a stray mark.
        while let last = kept.last, ",;:-–—".contains(last) { kept.removeLast() }
        return kept + String(QuoteTrimmer.ellipsis)
    }
}
