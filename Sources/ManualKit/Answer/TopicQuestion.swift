/// Phrases a heading or keyword as a question the library can answer.
///
/// "4.2 Tire Pressure" -> "What is the tire pressure?"; "Safety" -> "What about safety?";
/// "Replace the Wiper Blades", "How to Replace the Wiper Blades" or "Replacing the Wiper Blades" ->
/// "How do I replace the wiper blades?"; "If the Engine Overheats" -> "What if the engine overheats?";
/// a heading that is a question already is asked as it stands.
enum TopicQuestion {
    /// The question for `topic`, or nil when nothing but numbering and punctuation is left of it.
    static func make(_ topic: String) -> String? {
        let original = String(topic.strippingSpaces)
        let cleaned = clean(topic)
        guard !cleaned.isEmpty else { return nil }
        if let action = action(in: cleaned) { return "How do I \(action)?" }
        let words = cleaned.split(separator: " ").map(String.init)
        if original.hasSuffix("?"), words.count > 2 {
            var asked = words.map(lowercasedIfTitleCase).joined(separator: " ").capitalizedFirst
            while asked.last == "?" { asked.removeLast() }
            return asked + "?"
        }
        if words.count > 2, words[0].lowercased() == "if" {
            return "What if " + words.dropFirst().map(lowercasedIfTitleCase).joined(separator: " ") + "?"
        }
        return about(words)
    }

    /// A topic named by a noun phrase, asked as a reader would: "Tire Pressure" -> "What is the tire
    /// pressure?", "Snow Chains" -> "What are the snow chains?", one word or an activity ("Safety",
    /// "Scanning from a Computer") -> "What about safety?".
    private static func about(_ words: [String]) -> String {
        let phrase = words.map(lowercasedIfTitleCase).joined(separator: " ")
        guard words.count > 1, let first = words.first?.lowercased(),
              !["a", "an"].contains(first), ![words[0], words[words.count - 1]].contains(where: { $0.count > 4 && $0.lowercased().hasSuffix("ing") }) else {
            return "What about \(phrase)?"
        }
        let determined = ["the", "your", "my"].contains(first)
        let noun = words.last { $0.first?.isLetter == true }?.lowercased() ?? ""
        let plural = noun.count > 3 && noun.hasSuffix("s") && !noun.hasSuffix("ss") && !noun.hasSuffix("us")
            && !noun.hasSuffix("is") && !noun.hasSuffix("ics")
        return "What \(plural ? "are" : "is") \(determined ? "" : "the ")\(phrase)?"
    }

    /// "Changing" -> "change", "Resetting" -> "reset", "Checking" -> "check": the verb of a gerund, when
    /// it is one of `verbs`.
    static func verb(ofGerund word: String) -> String? {
        let lower = word.lowercased()
        guard lower.hasSuffix("ing"), lower.count > 5 else { return nil }
        let stem = String(lower.dropLast(3))
        let doubled = stem.count > 2 && stem.last == stem.dropLast().last ? String(stem.dropLast()) : nil
        return [stem, stem + "e", doubled].compactMap { $0 }.first(where: verbs.contains)
    }

    /// `topic` without section numbering ("4.2", "A-3", "7)") and trailing punctuation, spaces collapsed.
    static func clean(_ topic: String) -> String {
        var words = topic.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if words.count > 1, isSectionNumber(words[0]) { words.removeFirst() }
        // An appendix letter ("B Troubleshooting"); "A" and "I" may be words, so they stay.
        if words.count > 1, words[0].count == 1, let letter = words[0].first, letter.isUppercase, letter.isASCII,
           letter != "A", letter != "I" { words.removeFirst() }
        var text = words.joined(separator: " ")
        while let last = text.last, ":.;,".contains(last) { text.removeLast() }
        return text
    }

    /// Imperative verbs a manual heading may start with, when an object follows ("Replace the …").
    static let verbs: Set<String> = [
        "activate", "add", "adjust", "align", "apply", "assemble", "attach", "bleed", "calibrate",
        "change", "charge", "check", "clean", "clear", "close", "configure", "connect", "deactivate",
        "defrost", "descale", "disable", "disassemble", "disconnect", "drain", "empty", "enable",
        "engage", "fill", "fit", "inspect", "install", "insert", "jump", "load", "lock", "lower",
        "lubricate", "maintain", "measure", "mount", "open", "operate", "pair", "prepare", "program",
        "raise", "refill", "release", "remove", "replace", "reset", "restore", "rotate", "select",
        "set", "start", "stop", "store", "switch", "test", "tighten", "tow", "turn", "unlock",
        "unpack", "update", "use", "wash",
    ]

    /// Words after a verb that show it is a command, not a noun ("Turn the key" vs "Turn Signals").
    static let objectStarters: Set<String> = [
        "the", "a", "an", "your", "up", "off", "on", "in", "out", "down", "over",
    ]

    /// The lowercased verb phrase when `topic` reads as an instruction, else nil.
    private static func action(in topic: String) -> String? {
        var words = topic.split(separator: " ").map(String.init)
        if words.count > 2, words[0].lowercased() == "how", words[1].lowercased() == "to" {
            words.removeFirst(2)
        } else if words.count == 1 || !["and", "or", "&"].contains(words[1].lowercased()), let verb = verb(ofGerund: words[0]) {
            words[0] = verb
        } else {
            guard words.count > 2, verbs.contains(words[0].lowercased()),
                  objectStarters.contains(words[1].lowercased()) else { return nil }
        }
        return words.map(lowercasedIfTitleCase).joined(separator: " ")
    }

    /// "Wiper" -> "wiper", but "ABS" and "iDrive" stay as written.
    private static func lowercasedIfTitleCase(_ word: String) -> String {
        guard let first = word.first, first.isUppercase,
              word.dropFirst().allSatisfy({ !$0.isUppercase }) else { return word }
        return word.lowercased()
    }

    /// "4", "4.2", "4.2.1.", "7)", "A.1", "B-2": a number that labels a section rather than names it.
    private static func isSectionNumber(_ word: String) -> Bool {
        let characters = Array(word)
        guard let first = characters.first else { return false }
        let rest = first.isNumber ? characters : Array(characters.dropFirst())
        if !first.isNumber {
            // A letter counts only as "A.1" / "B-2", so a heading starting with "A" keeps it.
            guard first.isUppercase, rest.count >= 2, rest[0] == "." || rest[0] == "-" else { return false }
        }
        return rest.contains(where: \.isNumber) && rest.allSatisfy { $0.isNumber || ".-)".contains($0) }
    }
}

private extension String {
    /// "what is not covered" -> "What is not covered".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
