/// The words and hyphenated compounds a document uses, lowercased: evidence for how to rejoin
/// a word broken at a line end.
struct HyphenationVocabulary: Sendable {
    private(set) var words: Set<String> = []
    private(set) var compounds: Set<String> = []

    init(lines: [String]) {
        for line in lines { add(line) }
    }

    private mutating func add(_ line: String) {
        var token = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar == "-" {
                token.append(scalar)
            } else {
                record(token)
                token = String.UnicodeScalarView()
            }
        }
        record(token)
    }

    private mutating func record(_ token: String.UnicodeScalarView) {
        guard !token.isEmpty else { return }
        // A broken fragment ("recom-") and dashes around a word are not part of it.
        let trimmed = String(token).trimmingHyphens
        guard !trimmed.isEmpty else { return }
        let lower = trimmed.lowercased()
        if lower.contains("-") {
            compounds.insert(lower)
            for part in lower.split(separator: "-") { words.insert(String(part)) }
        } else {
            words.insert(lower)
        }
    }
}

private extension String {
    var trimmingHyphens: String {
        var s = Substring(self)
        while s.first == "-" { s = s.dropFirst() }
        while s.last == "-" { s = s.dropLast() }
        return String(s)
    }
}
