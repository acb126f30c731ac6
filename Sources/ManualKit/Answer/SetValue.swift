/// "What does setting sdorder to -1 in a ups.conf device section do?": a question about one value of a setting,
/// and the sentences that give the setting that value ("If you have a UPS that shouldn't be powered off …, set its
/// sdorder to -1.").
///
/// The section that introduces the setting holds more of the question's words ("To set the order …, define the
/// sdorder value in your ups.conf device sections") and says nothing of that value; the value, written as the
/// question writes it beside the setting's name, says which sentence answers (`SentenceScorer`).
struct SetValue: Equatable {
    /// The setting's terms: the word before "to" or "=" ("sdorder").
    let settingTerms: Set<String>
    /// The value as written, sign included: "-1", "0", "2.5".
    let value: String

    /// The value a question sets a setting to: "setting X to -1", "set X to 0", "X = -1", "X=0"; nil otherwise.
    static func asked(in question: String) -> SetValue? {
        let words = question.split(whereSeparator: \.isWhitespace).map { String($0) }
        for (index, word) in words.enumerated() {
            // "X=-1" written as one word.
            if let equals = word.firstIndex(of: "="), equals != word.startIndex {
                let name = String(word[..<equals]), value = trimmed(String(word[word.index(after: equals)...]))
                if isNumber(value), let found = make(name: name, value: value) { return found }
            }
            guard index >= 1, index + 1 < words.count else { continue }
            let value = trimmed(words[index + 1])
            // A bare number: one with a unit after it ("to 50 Hz") is an amount, which sentences state in many ways.
            let closesClause = index + 2 == words.count || value != words[index + 1]
            guard isNumber(value), closesClause || !startsUnit(words[index + 2]) else { continue }
            if word == "=" { return make(name: words[index - 1], value: value) }
            // "to" sets only after a verb of setting: "How do I go from 5 to 40 km/h" sets nothing.
            if word.lowercased() == "to", words[..<index].contains(where: { settingVerbs.contains($0.lowercased()) }) {
                return make(name: words[index - 1], value: value)
            }
        }
        return nil
    }

    /// True when `text` holds the value as a whole number: "-1" in "set its sdorder to -1.", not in "-10" or "x-1".
    func isStated(in text: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: value) {
            let before = text[..<range.lowerBound].last, after = text[range.upperBound...].first
            let joinedBefore = before.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." } ?? false
            let joinedAfter = after.map { $0.isNumber || ($0 == "." && text[range.upperBound...].dropFirst().first?.isNumber == true) } ?? false
            if !joinedBefore && !joinedAfter { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    /// A word that may be a unit after a number: letters not among the words that go on with the question ("in a
    /// ups.conf device section", "and", "when").
    private static func startsUnit(_ word: String) -> Bool {
        let lower = word.lowercased().filter(\.isLetter)
        return !lower.isEmpty && !continuing.contains(lower)
    }

    private static let continuing: Set<String> = ["in", "on", "at", "for", "and", "or", "but", "when", "if", "with",
                                                  "without", "from", "so", "then", "do", "does", "mean", "means", "what"]

    private static let settingVerbs: Set<String> = ["set", "sets", "setting", "change", "changing", "changes"]

    private static func make(name: String, value: String) -> SetValue? {
        let terms = Set(TextAnalyzer.terms(name))
        return terms.isEmpty ? nil : SetValue(settingTerms: terms, value: value)
    }

    /// The word without the punctuation that closes a clause after it ("-1," "0?").
    private static func trimmed(_ word: String) -> String {
        // A loop, not `reversed().drop(while:).reversed()`: those wrappers' generic types were made at
        // run time on first use, a hundredth of a one-question process.
        var end = word.endIndex
        while end > word.startIndex, ",;:?!).".contains(word[word.index(before: end)]) {
            end = word.index(before: end)
        }
        return String(word[..<end])
    }

    /// "-1", "0", "2.5", "+5": digits with an optional sign and one decimal point.
    private static func isNumber(_ text: String) -> Bool {
        let digits = text.first.map { "+-".contains($0) } == true ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && digits.first?.isNumber == true && digits.filter { $0 == "." }.count <= 1
    }
}
