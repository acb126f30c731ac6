import ManualIndex
/// The action a "How do I …?" question asks how to do, and the sentences that say what to do for it:
/// "switch" in "How do I switch from FM to the weather band?", answered by "Press the BAND button to
/// switch between the bands".
///
/// Such a question's nouns ("weather", "band") are shared as much by sentences that only mention them
/// ("leave the radio on the weather band"); the sentence naming the action as its purpose ("… to switch
/// between the bands") is the instruction asked for, and has the shape of its answer (`SentenceScorer`), as a
/// procedure's steps do. The action must be done to what the question does it to: "… to connect to a second
/// XBee device" says nothing of how to connect a UPS to a serial port.
package struct AskedAction {
    /// The verb as asked, lowercased: "switch".
    let verb: String
    /// The terms of the words after the verb in the question ("fm", "weather", "band"): what the action is done to.
    let objectTerms: Set<String>
    /// The verb's own terms ("switch"): a sentence without them cannot name the action, and is not split into words.
    let verbTerms: [String]
    /// The particle that makes one verb of two ("on" in "switch on the seat cooling"), if any.
    let particle: String?
    /// The noun phrase the action is done to, as asked, without its article: ["seat", "cooling"] in
    /// "How do I switch on the seat cooling?". Empty when the verb is followed by no noun ("How do I
    /// descale?") or by a pronoun ("How do I reset it?").
    let objectPhrase: [String]

    /// The action `words` (the lowercased words of the question's asking clause) ask how to do, or nil when they
    /// do not open "How do I", "How can I", "How to" … or the verb says nothing of the task ("How do I get …",
    /// "How do I use …": `lightVerbs`). "How do I get the tool to print …" asks how to print.
    init?(words: [String]) {
        guard words.count >= 3, words[0] == "how" else { return nil }
        var index: Int
        if words[1] == "to" {
            index = 2
        } else if AskedAction.modals.contains(words[1]), words.count >= 4, AskedAction.subjects.contains(words[2]) {
            index = 3
        } else {
            return nil
        }
        // "How do I safely remove …": the verb follows the adverb.
        while index < words.count - 1, words[index].hasSuffix("ly"), words[index].count > 4 { index += 1 }
        // "How do I get the tool to print its addresses?": the action is what the thing is got to do.
        if ["get", "make"].contains(words[index]),
           let to = words[(index + 1)...].prefix(3).firstIndex(of: "to"), to + 1 < words.count {
            index = to + 1
        }
        let verb = words[index]
        guard verb.count > 2, !AskedAction.lightVerbs.contains(verb) else { return nil }
        self.verb = verb
        verbTerms = TextAnalyzer.terms(verb)
        objectTerms = Set(TextAnalyzer.terms(words[(index + 1)...].joined(separator: " ")))
        var next = index + 1
        // "log in to the web page": "in" opens a phrase of its own, and nothing is logged.
        particle = next < words.count && AskedAction.particles.contains(words[next])
            && (next + 1 == words.count || !AskedAction.phraseEnds.contains(words[next + 1])) ? words[next] : nil
        if particle != nil { next += 1 }
        while next < words.count, AskedAction.determiners.contains(words[next]) { next += 1 }
        objectPhrase = Array(words[next...].prefix { word in
            !AskedAction.phraseEnds.contains(word) && !AskedAction.determiners.contains(word)
                && !(word.hasSuffix("ly") && word.count > 4)
        })
    }

    /// "turn on", "take out": particles that belong to the verb, not to the noun phrase after it.
    private static let particles: Set<String> = ["on", "off", "up", "out", "down", "back", "over", "away", "in"]

    /// Articles and possessives before the noun phrase: "the", "my".
    private static let determiners: Set<String> = ["the", "a", "an", "my", "your", "its", "this", "that", "these", "those",
                                                   "our", "their", "his", "her", "some", "any", "each", "every", "all"]

    /// Words that end the noun phrase the action is done to: a preposition, a conjunction, a pronoun, or
    /// the start of a clause ("… the tray out to wash it", "… the clock so that …").
    private static let phraseEnds: Set<String> = [
        "to", "in", "on", "at", "for", "from", "with", "without", "by", "into", "onto", "of", "as", "via", "using", "through",
        "after", "before", "during", "while", "when", "if", "so", "that", "and", "or", "but", "than", "again", "instead",
        "it", "them", "him", "me", "myself", "yourself", "itself", "there", "here", "is", "are", "be", "can", "will",
        "up", "out", "off", "down", "back", "over", "away", "correctly", "properly", "manually", "automatically",
    ]

    /// True when `text` names the action as a purpose, or opens on it as an instruction, done to something the
    /// question names: "… to switch between the bands", "To pair a phone, select …", "Print the addresses of
    /// all printers on the network". The words after the verb, to the end of the clause,
    /// must share a term with the question's words after it, unless the question names nothing after it
    /// ("How do I descale?"). `terms`: the sentence's terms, when known (`AnalysedPassage.sentenceTerms`).
    package func isStated(in text: String, terms: Set<String>? = nil) -> Bool {
        if let terms, !verbTerms.allSatisfy(terms.contains) { return false }
        let tokens = text.lowercased().split(separator: " ")
        // "to" (or "(to") then the verb as asked, whatever punctuation clings to it; or the verb opening the sentence
        // as an instruction ("Print the addresses of all printers on the network.").
        let purposes = tokens.indices.dropLast().filter { index in
            tokens[index].drop(while: { !$0.isLetter }) == "to" && tokens[index + 1].filter(\.isLetter) == verb
                && (index == 0 || !AskedAction.wishing.contains(String(tokens[index - 1].filter(\.isLetter))))
        }
        // Not one saying when to do it ("Replace the filter element every 45,000 km"): that answers "when", not "how".
        let instructs = tokens.first.map { String($0.filter(\.isLetter)) == verb } == true && !OccasionStatement.states(text)
        for index in (instructs ? [-1] : []) + purposes {
            if objectTerms.isEmpty { return true }
            // The clause the purpose opens: up to a comma, colon, semicolon or full stop, at most eight words.
            var clause: [Substring] = []
            var next = index + 1
            while next < tokens.count, clause.count < 8 {
                clause.append(tokens[next])
                if let last = tokens[next].last, ",;:.".contains(last) { break }
                next += 1
            }
            if !objectTerms.isDisjoint(with: TextAnalyzer.terms(clause.dropFirst().joined(separator: " "))) { return true }
            // "If you are having difficulty getting escputil to build, we suggest …": what is got to build comes first.
            if index > 1, let get = (max(0, index - 3)..<(index - 1)).last(where: {
                AskedAction.getting.contains(String(tokens[$0].filter(\.isLetter)))
            }), !objectTerms.isDisjoint(with: TextAnalyzer.terms(tokens[(get + 1)..<index].joined(separator: " "))) {
                return true
            }
        }
        return false
    }

    /// "get X to build": the thing got to do the action stands between them.
    private static let getting: Set<String> = ["get", "gets", "getting", "got"]

    /// Words before "to" that make it a wish or a need, not a purpose: "Eventually you may want to install software
    /// to use HackRF" says nothing of how to install it.
    private static let wishing: Set<String> = ["want", "wants", "wish", "wishes", "like", "need", "needs", "have", "has",
                                               "going", "able", "unable", "try", "tries", "tried", "attempt", "attempts"]

    private static let modals: Set<String> = ["do", "can", "should", "could", "would", "must", "does", "may"]
    private static let subjects: Set<String> = ["i", "you", "we", "one"]
    /// Verbs too general to name a task: a sentence "… to get the best results" or "… to use the radio"
    /// says nothing of how to get the tray out.
    private static let lightVerbs: Set<String> = ["do", "be", "have", "get", "make", "go", "know", "let", "use", "tell",
                                                  "see", "find", "keep", "put", "take", "work", "deal", "handle"]
}
