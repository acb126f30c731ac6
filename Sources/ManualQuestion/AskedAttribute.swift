import ManualIndex
/// "What is the accuracy of the AX2 analog input?": the attribute a question asks *of* something, named by the
/// noun before "of" or "for", or before a participle saying what it is of: "What is the default read timeout
/// used by the XB-7 adapter?" asks for a timeout, which "the default read mode is used by the adapter" does not
/// name, however many of the other words it holds.
///
/// The thing's words locate the passage; the attribute's word says which of its sentences answers. "AX1 and
/// AX2: Analog Inputs. The input of this terminal can take anywhere from -10V to +10V" holds three
/// of the question's four words and not the one asked about; "The accuracy is ±0.5 %" holds it. Asked
/// so, the sentences that name the attribute lead (`SentenceScorer`), when one of the passages does.
enum AskedAttribute {
    /// The term of the attribute's head noun, or nil when the question is not put that way or its noun
    /// names no attribute a sentence would state ("the purpose of", "the way to").
    static func term(in question: String) -> String? {
        let words = question.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }.map(String.init)
        guard words.count >= 5, words[0] == "what" || words[0] == "what's" || words[0] == "what’s" else { return nil }
        // "What is the …", "What are the …", or "What's the …".
        var index = 1
        if words[0] == "what" {
            guard ["is", "are", "was"].contains(words[1]) else { return nil }
            index = 2
        }
        guard index < words.count, words[index] == "the" else { return nil }
        index += 1
        guard let of = words.indices.dropFirst(index + 1).first(where: { closesNounPhrase(at: $0, in: words) }),
              of - index <= 4, of + 1 < words.count else { return nil }
        let noun = words[of - 1]
        guard !vague.contains(noun), let term = TextAnalyzer.terms(noun).first else { return nil }
        return term
    }

    /// "of", "for", or a participle and a preposition after the noun ("used by", "required for", "given in"):
    /// a participle before the noun is an adjective of it ("the maximum recommended speed"). Participles are
    /// words of five letters or more ending in "ed" ("red", "speed" and "feed" are none, "needed" is).
    private static func closesNounPhrase(at position: Int, in words: [String]) -> Bool {
        let word = words[position]
        if word == "of" || word == "for" { return true }
        guard (word.count >= 5 && word.hasSuffix("ed") && !word.hasSuffix("eed")) || participles.contains(word),
              position + 1 < words.count else { return false }
        return prepositions.contains(words[position + 1])
    }

    /// Participles shorter than five letters or not ending in "ed".
    private static let participles: Set<String> = ["used", "given", "set", "shown", "written", "taken", "drawn", "put", "made",
                                                   "sent", "kept", "held", "read", "seen"]

    /// Prepositions after a participle that say what the attribute is of or where it applies.
    private static let prepositions: Set<String> = ["by", "for", "with", "in", "on", "at", "to", "from", "when",
                                                    "during", "under", "per", "between"]

    /// Nouns that ask what something is for, is like or how it compares, not for an attribute a manual states by name.
    private static let vague: Set<String> = [
        "purpose", "point", "meaning", "function", "use", "role", "idea", "reason", "cause", "way", "difference",
        "advantage", "advantages", "benefit", "benefits", "name", "kind", "type", "sort", "status", "result",
        "effect", "best", "easiest", "right", "correct", "proper", "procedure", "process", "steps", "command",
        "option", "setting", "settings", "value", "values",
    ]
}
