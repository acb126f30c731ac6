/// A document's name as a citation marker gives it in a library of several manuals ("[HackRF p. 21]"):
/// its title up to the first word that only says it is a manual, three words at most.
package enum DocumentShortName {
    static let genericWords: Set<String> = [
        "manual", "manuals", "guide", "user", "user's", "users", "owner's", "owners", "owner", "reference",
        "handbook", "documentation", "instructions", "instruction", "operating", "quick", "the", "and", "for",
        "of", "a", "an", "refcard", "doc", "docs",
    ]

    static func make(title: String, fileName: String) -> String {
        var words: [String] = []
        for token in title.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            // A remark in brackets or after a colon is no part of the name: "HackRF (pages 7-8 and 21-24
            // rasterised; no text layer)" is "HackRF", not "HackRF (pages 7-8".
            if let first = token.first, "([{".contains(first) { break }
            let clauseEnds = token.last.map { ",;:".contains($0) } ?? false
            let word = clauseEnds ? token.dropLast() : token
            // "avrdude-manual": the part before a generic suffix.
            let parts = word.split(separator: "-")
            let kept = parts.prefix { !genericWords.contains($0.lowercased()) }
            if kept.isEmpty { break }
            words.append(kept.joined(separator: "-"))
            if clauseEnds || kept.count < parts.count || words.count == 3 { break }
        }
        if words.isEmpty { return fileStem(fileName) }
        return words.joined(separator: " ")
    }

    /// The names markers give each document of a library: its short name, or its file name without the
    /// extension when another document has the same short name, so that a scanned copy's "[scanned-hackrf
    /// p. 3]" is not read as page 3 of the HackRF manual. Numbered ("hackrf #6") when file names meet too.
    package static func markerNames(_ documents: [(id: Int64, title: String, fileName: String)]) -> [Int64: String] {
        let short = documents.map { make(title: $0.title, fileName: $0.fileName) }
        var shortCount: [String: Int] = [:]
        for name in short { shortCount[name, default: 0] += 1 }
        let named = zip(documents, short).map { document, name in
            (id: document.id, name: shortCount[name] == 1 ? name : fileStem(document.fileName))
        }
        var nameCount: [String: Int] = [:]
        for document in named { nameCount[document.name, default: 0] += 1 }
        return Dictionary(uniqueKeysWithValues: named.map { document in
            (document.id, nameCount[document.name] == 1 ? document.name : "\(document.name) #\(document.id)")
        })
    }

    private static func fileStem(_ fileName: String) -> String {
        let stem = fileName.split(separator: ".").dropLast().joined(separator: ".")
        return stem.isEmpty ? fileName : stem
    }
}
