/// A document's name as a citation marker gives it in a library of several manuals ("[HackRF p. 21]"):
/// its title up to the first word that only says it is a manual, three words at most.
enum DocumentShortName {
    static let genericWords: Set<String> = [
        "manual", "manuals", "guide", "user", "user's", "users", "owner's", "owners", "owner", "reference",
        "handbook", "documentation", "instructions", "instruction", "operating", "quick", "the", "and", "for",
        "of", "a", "an", "refcard", "doc", "docs",
    ]

    static func make(title: String, fileName: String) -> String {
        var words: [String] = []
        for token in title.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            // "avrdude-manual": the part before a generic suffix.
            let parts = token.split(separator: "-")
            let kept = parts.prefix { !genericWords.contains($0.lowercased()) }
            if kept.isEmpty { break }
            words.append(kept.joined(separator: "-"))
            if kept.count < parts.count || words.count == 3 { break }
        }
        if words.isEmpty {
            let stem = fileName.split(separator: ".").dropLast().joined(separator: ".")
            return stem.isEmpty ? fileName : stem
        }
        return words.joined(separator: " ")
    }
}
