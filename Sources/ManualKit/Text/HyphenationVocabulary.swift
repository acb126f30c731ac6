/// The words and hyphenated compounds a document uses, lowercased: evidence for how to rejoin
/// a word broken at a line end.
struct HyphenationVocabulary: Sendable {
    private(set) var words: Set<String> = []
    private(set) var compounds: Set<String> = []

    /// The vocabulary of `lines` in reading order; the two halves of a word broken at a line end
    /// are left out, as they are not words of their own.
    init(lines: [String]) {
        var previousBroken = false
        for line in lines {
            let broken = line.hasSuffix("-")
            add(line, skipFirst: previousBroken, skipLast: broken)
            previousBroken = broken
        }
    }

    private mutating func add(_ line: String, skipFirst: Bool, skipLast: Bool) {
        var tokens: [String.UnicodeScalarView] = []
        var token = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar == "-" {
                token.append(scalar)
            } else if scalar == " " || !token.isEmpty {
                tokens.append(token)
                token = String.UnicodeScalarView()
            }
        }
        tokens.append(token)
        tokens.removeAll { $0.isEmpty }
        for (index, token) in tokens.enumerated() {
            if skipFirst && index == 0 || skipLast && index == tokens.count - 1 { continue }
            record(token)
        }
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
