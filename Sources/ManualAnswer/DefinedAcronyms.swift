import ManualIndex
/// "the equipment serial number (ESN)": an acronym a passage spells out once and then uses alone ("The
/// ESN is stamped on a plate at the back of the base"). A sentence about it, the acronym its
/// subject, holds the words it stands for, so "Where is the equipment serial number?" finds the
/// sentence that says where. One that only mentions it ("select Settings, Device, ESN Lookup") does not:
/// it is about something else, and would vie with the sentence that spells the acronym out.
enum DefinedAcronyms {
    /// Words an acronym's letters may pass over: "Federal Bureau of Investigation (FBI)".
    static let skippable: Set<String> = ["of", "and", "the", "for", "to", "a", "an", "in", "on"]

    /// For each acronym spelled out in `texts` (two to six capitals in brackets, right after words whose
    /// initials are its letters), its term and the terms of those words.
    static func find(in texts: [String]) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        // Only skips the texts without a "(" byte (`bracketed` finds each bracket itself): Foundation's
        // `contains` searched every candidate sentence as UTF-16, a hundredth of a question.
        for text in texts where text.utf8.contains(UInt8(ascii: "(")) {
            for (acronym, before) in bracketed(in: text) {
                guard let words = spelledOut(acronym, before: before) else { continue }
                let terms = TextAnalyzer.terms(acronym)
                guard terms.count == 1 else { continue }
                out[terms[0], default: []].formUnion(TextAnalyzer.terms(words.joined(separator: " ")))
            }
        }
        return out
    }

    /// The words `acronyms` (`find`) give the acronym `sentence` opens on as its subject ("The VIN is …",
    /// "TPMS warns …": among its first two words), or nil.
    static func subject(of sentence: String, among acronyms: [String: Set<String>]) -> Set<String>? {
        let opening = sentence.split(separator: " ", maxSplits: 2).prefix(2)
        for word in opening where word.count >= 2 && word.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            if let term = TextAnalyzer.terms(String(word)).first, let words = acronyms[term] { return words }
        }
        return nil
    }

    /// Each "(ABC)" of two to six capitals in `text`, with the text before it.
    static func bracketed(in text: String) -> [(String, Substring)] {
        var out: [(String, Substring)] = []
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "(") {
            let inside = text.index(after: open)
            guard let close = text[inside...].prefix(7).firstIndex(of: ")") else {
                index = inside
                continue
            }
            let letters = text[inside..<close]
            if (2...6).contains(letters.count), letters.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                out.append((String(letters), text[..<open]))
            }
            index = text.index(after: close)
        }
        return out
    }

    /// The words at the end of `text` whose initials spell `acronym`, small words passed over; nil when they
    /// do not.
    static func spelledOut(_ acronym: String, before text: Substring) -> [String]? {
        let words = text.split { !($0.isLetter || $0.isNumber) }
        var letters = Array(acronym.lowercased())
        var taken: [String] = []
        for word in words.reversed() {
            guard let last = letters.last else { break }
            let lower = word.lowercased()
            if lower.first == last {
                taken.insert(String(word), at: 0)
                letters.removeLast()
            } else if !skippable.contains(lower) || taken.isEmpty {
                return nil
            }
        }
        return letters.isEmpty ? taken : nil
    }
}
