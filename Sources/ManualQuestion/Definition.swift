import Foundation
import ManualIndex

/// "What is SWEEP?", "What does OVP mean?", "What does the Resync entry do?": a question asking what
/// something is or does, and the sentence that says it ("SWEEP is a mode that steps the source through a
/// range ...", "• Resync: try to synchronize the computer and the meter after a dropout.").
package enum Definition {
    /// The terms of what the question asks to have defined; empty for any other question.
    static func askedTerms(in question: String) -> Set<String> {
        let words = question.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "." && $0 != "_" }
            .map { String($0.stripping { $0 == "." }) }.filter { !$0.isEmpty }
        var rest: ArraySlice<String>
        if words.starts(with: ["what", "is"]) || words.starts(with: ["what", "are"]) {
            rest = words.dropFirst(2)
        } else if words.starts(with: ["what", "does"]), words.suffix(1) == ["mean"] || words.suffix(2) == ["stand", "for"] {
            rest = words.dropFirst(2).dropLast(words.last == "mean" ? 1 : 2)
        } else if words.starts(with: ["what", "does"]) || words.starts(with: ["what", "do"]), words.last == "do", words.count > 3 {
            rest = words.dropFirst(2).dropLast()
        } else if words.first == "define" {
            rest = words.dropFirst()
        } else {
            return []
        }
        // "What does a battery.charger.status value of 'floating' mean?": the quoted word is what is asked.
        if let quoted = QuotedName.terms(in: question) { return quoted }
        // "What is SWEEP in plotkit?": the manual it is asked of is no part of the name.
        // A longer tail ("... of the rear tires when the car is loaded") describes a situation, not a name.
        // Articles do not count: "in the Tools menu" places a name as "in plotkit" does.
        if let place = rest.firstIndex(where: { ["in", "on", "for", "of"].contains($0) }), place > rest.startIndex {
            guard rest[place...].filter({ !articles.contains($0) }).count <= 3 else { return [] }
            rest = rest[..<place]
        }
        // A definition names one thing, in four words at most besides articles ("the Peak Rate Limit control"):
        // "What is the big spike in the centre of my spectrum?" asks about a symptom.
        guard (1...4).contains(rest.filter({ !articles.contains($0) }).count) else { return [] }
        return Set(TermsMemo.terms(rest.joined(separator: " ")))
    }

    private static let articles: Set<String> = ["the", "a", "an", "my", "your"]

    /// "What is X for?", "What does X do?": the question asks what a thing is for, not for an amount,
    /// though its name may hold a word that would ("the Peak Rate Limit control").
    static func asksPurpose(_ words: [String]) -> Bool {
        guard words.count > 3, words[0] == "what" else { return false }
        return (["is", "are"].contains(words[1]) && words.last == "for") || (["does", "do"].contains(words[1]) && words.last == "do")
    }

    /// True when `line`, a definition list's item line or a heading ("Ink Limit Value", "5.3 ECO Mode"),
    /// names the thing asked about: the first sentence below it says what that is. A section number is
    /// no part of the name.
    package static func namesItem(_ line: String, terms: Set<String>) -> Bool {
        guard !terms.isEmpty else { return false }
        return isTheThing(TermsMemo.terms(line).filter { $0.contains(where: \.isLetter) }, asked: terms)
    }

    /// Whether `subject` (terms) names the thing asked about: every term is the name's or a word for its kind
    /// ("keyword", "option"), and one is the name's own ("this keyword" names no keyword).
    private static func isTheThing(_ subject: [String], asked terms: Set<String>) -> Bool {
        !subject.isEmpty && subject.allSatisfy { terms.contains($0) || definingNouns.contains($0) }
            && subject.contains { terms.contains($0) && !definingNouns.contains($0) }
    }

    /// Verbs that state what the subject before them is.
    private static let copulas: Set<String> = ["is", "are", "means", "stands", "refers", "denotes"]

    /// Words that may stand beside the name in a definition's subject: "the uic keyword", "the -n option".
    private static let definingNouns: Set<String> = Set(["keyword", "option", "command", "parameter", "mode",
                                                         "term", "abbreviation", "acronym"].flatMap(TextAnalyzer.terms))

    /// True for a sentence whose subject, within its first four words and before "is", "are", "means",
    /// "stands for" or "refers to", is the thing asked about; or for an entry of a list that names it before
    /// a colon ("• Reconnect: try to synchronize …", "Ink Limit: sets the most ink …").
    package static func defines(_ sentence: String, terms: Set<String>) -> Bool {
        guard !terms.isEmpty else { return false }
        var words = sentence.split(separator: " ").prefix(7).map(String.init)
        if let first = words.first, ["•", "-", "*", "–", "·"].contains(first) { words.removeFirst() }
        let subjectEnd: Int
        if let verb = words.firstIndex(where: { copulas.contains($0.lowercased()) }), verb > 0, verb <= 4 {
            subjectEnd = verb
        } else if let label = words.firstIndex(where: { $0.hasSuffix(":") }), label <= 3, words.count > label + 1 {
            subjectEnd = label + 1
        } else {
            return false
        }
        // The subject is the thing itself ("SWEEP", "The OVP keyword"), not a kind of it ("2D Sweep modes").
        return isTheThing(TermsMemo.terms(words[..<subjectEnd].joined(separator: " ")), asked: terms)
    }
}
