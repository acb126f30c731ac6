/// Phrases a heading or keyword as a question the library can answer.
///
/// "4.2 Tire Pressure" -> "What is the tire pressure?"; "Safety" -> "What about safety?";
/// "Replace the Wiper Blades", "How to Replace the Wiper Blades" or "Replacing the Wiper Blades" ->
/// "How do I replace the wiper blades?"; "Protect your Hearing" -> "How do I protect my hearing?";
/// "If the Pump Stalls" -> "What if the pump stalls?"; a command heading that says what it does
/// ("history: review previous commands") -> "How do I review previous commands?"; a command as typed
/// ("SET CR STOP") -> "What does SET CR STOP do?"; a heading that is a question already is asked as it
/// stands, and a reader's problem ("I can't …") -> "What if I can't …?". A heading that names no topic ("Introduction", "Example 2")
/// or is a clause no question can be made of ("How it works") gives none: a garbled suggestion is worse
/// than one fewer.
enum TopicQuestion {
    /// The question for `topic`, or nil when it names no topic or nothing but numbering and punctuation is left of it.
    static func make(_ topic: String) -> String? {
        let original = String(topic.strippingSpaces)
        let cleaned = clean(topic)
        guard !cleaned.isEmpty, !namesNoTopic(cleaned) else { return nil }
        if let described = described(cleaned) { return described }
        if let action = action(in: cleaned) { return "How do I \(action)?" }
        let words = cleaned.split(separator: " ").map(String.init)
        if original.hasSuffix("?"), words.count > 2 {
            var asked = phrase(words).capitalizedFirst
            while asked.last == "?" { asked.removeLast() }
            return asked + "?"
        }
        if words.count > 2, words[0].lowercased() == "if" {
            return "What if " + phrase(words.dropFirst()) + "?"
        }
        // "I can't seem to access my HackRF under Linux": a reader's problem, as an FAQ titles it.
        if words.count > 2, words[0] == "I", words[1].first?.isLowercase == true {
            return "What if " + phrase(words) + "?"
        }
        // "SET CR AUTOEOF", "SHOW XQ TYPE": a command as typed, in capitals, that starts with a verb.
        if words.count > 1, words.allSatisfy({ $0.contains(where: \.isLetter) && !$0.contains(where: \.isLowercase) }),
           descriptionVerbs.contains(words[0].lowercased()) {
            return "What does \(cleaned) do?"
        }
        // "How it works", "Why we chose …": a clause, not a question, and not a noun phrase either.
        if words.count > 1, questionWords.contains(words[0].lowercased()) { return nil }
        // "On the history of …", "About this card": what follows the preposition is the topic.
        if words.count > 2, ["on", "about", "concerning", "regarding"].contains(words[0].lowercased()) {
            return "What about " + phrase(words.dropFirst()) + "?"
        }
        // A directive of an input language (".FUNC", ".PARAM"): what it does is what a reader asks.
        if words.count == 1, isDirective(words[0]) { return "What does \(words[0]) do?" }
        return about(words)
    }

    /// Headings that organise a manual without naming a topic of it: "What about introduction?" asks nothing.
    static let topicless: Set<String> = [
        "introduction", "overview", "general", "miscellaneous", "misc", "notes", "note", "summary", "appendix",
        "appendices", "acknowledgements", "acknowledgments", "credits", "references", "bibliography", "literature",
        "example", "examples", "other", "others", "remarks", "background", "conclusion", "conclusions",
    ]

    /// True for a topicless heading ("Introduction", "Notes") and for a numbered example ("Example 2").
    private static func namesNoTopic(_ cleaned: String) -> Bool {
        let lower = cleaned.lowercased()
        if topicless.contains(lower) { return true }
        let words = lower.split(separator: " ")
        // "Example 1", "Examples 3-4": which example is no topic.
        return words.count == 2 && ["example", "examples"].contains(String(words[0]))
            && words[1].allSatisfy { $0.isNumber || $0.isLetter && words[1].count == 1 || "-.".contains($0) }
    }

    /// Words that open a question; a heading that starts with one and does not end in "?" is a clause.
    private static let questionWords: Set<String> = ["how", "what", "why", "when", "where", "which", "who", "whom", "whose"]

    /// "name: what it does" (a command or function heading: "history: review previous commands", ".DC: DC
    /// transfer function"): the description is the topic, an action when it starts with a verb.
    private static func described(_ cleaned: String) -> String? {
        guard let colon = cleaned.firstIndex(of: ":"), cleaned[cleaned.index(after: colon)...].first == " " else { return nil }
        let name = cleaned[..<colon], description = cleaned[cleaned.index(after: colon)...].strippingSpaces
        guard !name.isEmpty, name.split(separator: " ").count <= 2, !description.isEmpty else { return nil }
        let words = description.split(separator: " ").map(String.init)
        // "Problem: How do I clear the error log?": the question after the label is asked as it stands.
        if description.hasSuffix("?") { return phrase(words).capitalizedFirst }
        if let first = words.first?.lowercased(), questionWords.contains(first) { return nil }
        if let first = words.first?.lowercased(), descriptionVerbs.contains(first) {
            return "How do I " + ([first] + words.dropFirst().map(lowercasedIfTitleCase)).joined(separator: " ") + "?"
        }
        return about(words)
    }

    /// Verbs a command's one-line description starts with ("print", "display", "create …").
    private static let descriptionVerbs: Set<String> = verbs.union([
        "print", "review", "display", "create", "show", "list", "plot", "read", "save", "compute", "define",
        "generate", "write", "execute", "evaluate", "send", "edit", "specify", "run", "make", "give", "enter",
        "compare", "trace", "delete", "destroy", "echo", "quit", "exit", "find", "search", "sort", "copy", "rename",
        "convert", "calculate", "estimate", "repeat", "pause", "dump", "describe", "explain", "declare", "modify",
        "view", "unset", "alter", "resume", "rewind", "insert", "append", "get", "determine", "interpolate",
    ])

    /// ".FUNC", ".param": a dot followed by letters, as SPICE and roff name their directives.
    private static func isDirective(_ word: String) -> Bool {
        word.count > 2 && word.first == "." && word.dropFirst().allSatisfy { $0.isLetter || $0 == "_" }
    }

    /// A topic named by a noun phrase, asked as a reader would: "Tire Pressure" -> "What is the tire
    /// pressure?", "Snow Chains" -> "What are the snow chains?", "History of Gutenprint" -> "What is the
    /// history of gutenprint?"; one word, an activity or a list ("Safety", "Scanning from a Computer",
    /// "Equations, ODEs, quadrature") -> "What about safety?".
    private static func about(_ words: [String]) -> String {
        let spoken = phrase(words)
        guard words.count > 1, let first = words.first?.lowercased(), !["a", "an", "all"].contains(first),
              ![words[0], words[words.count - 1]].contains(where: { $0.count > 4 && $0.lowercased().hasSuffix("ing") }),
              !hasCommaOutsideParentheses(spoken) else {
            return "What about \(spoken)?"
        }
        let determined = ["the", "your", "my", "some", "this", "these", "our"].contains(first)
        // The head noun stands before the first preposition ("Transient Response of RL Circuits"), its
        // number decides "is" or "are"; a parenthesis ("Controllers (XQ, XQB)", "Coupled (Mutual)
        // Inductors") names or qualifies it and is not it.
        var head = outsideParentheses(words).prefix { !prepositions.contains($0.lowercased()) }
        if head.isEmpty { head = words[...] }
        let noun = head.last { $0.first?.isLetter == true }?.lowercased() ?? ""
        let plural = noun.count > 3 && noun.hasSuffix("s") && !noun.hasSuffix("ss") && !noun.hasSuffix("us")
            && !noun.hasSuffix("is") && !noun.hasSuffix("ics")
        return "What \(plural ? "are" : "is") \(determined ? "" : "the ")\(spoken)?"
    }

    /// "Equations, ODEs, quadrature" lists topics; "Controllers (XQ, XQB)" and "RL01,RL02 Disk" name one.
    private static func hasCommaOutsideParentheses(_ phrase: String) -> Bool {
        var depth = 0
        var previous: Character = " "
        for character in phrase {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case " " where previous == "," && depth == 0: return true
            default: break
            }
            previous = character
        }
        return false
    }

    /// `words` without those inside parentheses.
    private static func outsideParentheses(_ words: [String]) -> [String] {
        var depth = 0
        var kept: [String] = []
        for word in words {
            let opens = word.filter { $0 == "(" }.count, closes = word.filter { $0 == ")" }.count
            if depth == 0, opens == 0 { kept.append(word) }
            depth = max(0, depth + opens - closes)
        }
        return kept
    }

    /// Words after which a noun phrase's head noun has been said.
    private static let prepositions: Set<String> = [
        "of", "to", "for", "with", "in", "on", "from", "by", "at", "into", "under", "over", "using", "via", "without",
        "or",
    ]

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

    /// Verbs of `verbs` that no noun is spelt like: the words after them in a heading are their object.
    static let onlyVerbs: Set<String> = [
        "adjust", "calibrate", "configure", "connect", "deactivate", "activate", "disable", "enable", "disconnect",
        "install", "measure", "remove", "replace", "tighten", "unlock", "unpack", "inspect",
        "lubricate", "assemble", "disassemble", "descale", "defrost",
    ]

    /// Words after a verb that show it is a command, not a noun ("Turn the key" vs "Turn Signals").
    static let objectStarters: Set<String> = [
        "the", "a", "an", "your", "up", "off", "on", "in", "out", "down", "over",
    ]

    /// The lowercased verb phrase when `topic` reads as an instruction, else nil. "Your" in a heading is
    /// the reader's: asked by the reader it is "my" ("Try your HackRF" -> "try my HackRF").
    private static func action(in topic: String) -> String? {
        var words = topic.split(separator: " ").map(String.init)
        if words.count > 2, words[0].lowercased() == "how", words[1].lowercased() == "to" {
            words.removeFirst(2)
        } else if words.count == 1 || !["and", "or", "&"].contains(words[1].lowercased()), let verb = verb(ofGerund: words[0]) {
            words[0] = verb
        } else if words.count > 2, words[1].lowercased() == "your", words[0].allSatisfy(\.isLetter),
                  !["in", "on", "for", "with", "to", "of", "from", "about", "by", "and", "or"].contains(words[0].lowercased()) {
            // "Try your …", "Protect your …": a word before "your" that is no preposition is a verb.
            words[0] = words[0].lowercased()
        } else {
            // A verb that is never a noun needs no article after it ("Adjust dot size as necessary",
            // "Measure resistance by comparison"); "Turn Signals" does.
            guard words.count > 2, descriptionVerbs.contains(words[0].lowercased()),
                  objectStarters.contains(words[1].lowercased()) || onlyVerbs.contains(words[0].lowercased()) else { return nil }
        }
        return words.map { $0.lowercased() == "your" ? "my" : lowercasedIfTitleCase($0) }.joined(separator: " ")
    }

    /// `words` joined as a question reads them, title case lowered (`lowercasedIfTitleCase`).
    private static func phrase<Words: Sequence<String>>(_ words: Words) -> String {
        words.map(lowercasedIfTitleCase).joined(separator: " ")
    }

    /// "Wiper" -> "wiper", but "ABS", "iDrive" and "I" stay as written.
    private static func lowercasedIfTitleCase(_ word: String) -> String {
        guard let first = word.first, first.isUppercase, word != "I",
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
