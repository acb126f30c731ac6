import ManualIndex
/// A question asking how *not* to do something: to skip a step ("skip the test print before a job"), to run
/// without a file or setting ("open the editor without loading my saved layout"), or to go on despite a warning
/// ("the gauge reads low but the tank is full; how do I carry on anyway?"); and the sentences that say how a
/// thing is not done ("use the -q option to prevent the tool from printing", "Don't read the layout file upon
/// start-up", "this option is provided to override the check").
///
/// The question's other words name the very thing it wants left out, and the sentences that describe doing it
/// share them ("At start-up the editor loads its layout file"): the sentence that says how to leave it out
/// has the shape of the answer (`AnswerForm`), as the one that says where does for "Where …?" (`PlaceStatement`).
package enum AvoidanceStatement {
    /// True for a question with a word asking to leave something out, or to go on despite it ("anyway"). Not one
    /// opening "How" and a word of measure: "How near must the tag be to unlock the door without touching it?"
    /// asks for a distance, and its "without" says how the door is unlocked.
    static func isAsked(in words: [String]) -> Bool {
        avoided(in: words) != nil
    }

    /// The terms of what the question asks to leave out: the words after its first asking word, up to five
    /// ("loading my saved layout"; "the test print before a"), or all of its terms after "anyway",
    /// which names nothing of its own. Nil when it asks for nothing left out (`isAsked`).
    static func avoided(in words: [String]) -> Set<String>? {
        if words.count > 1, words[0] == "how", !howToVerbs.contains(words[1]) { return nil }
        guard let asking = words.firstIndex(where: askingWords.contains) else { return nil }
        let object = words[asking] == "anyway" ? words : Array(words[(asking + 1)...].prefix(5))
        return Set(TextAnalyzer.terms(object.joined(separator: " ")))
    }

    /// True when `terms` (a sentence's) hold a term of what is to be left out (`avoided`): "… prevents the job
    /// from finishing" does not say how to fix it "without changing the drawing".
    package static func concerns(_ terms: Set<String>, avoided: Set<String>) -> Bool {
        !terms.isDisjoint(with: avoided)
    }

    /// Words after "how" in a question asking how to do something ("How do I …", "How is … disabled?").
    private static let howToVerbs: Set<String> = ["do", "does", "did", "can", "could", "should", "would", "will", "to",
                                                  "is", "are", "may", "might", "must", "shall", "i"]

    /// True when `text` says how something is not done: a verb of leaving out ("skip", "disable", "prevent",
    /// "override", "turn off"), "without", a negated instruction ("Don't", "do not"), or a "--no-" option.
    package static func states(_ text: String) -> Bool {
        pattern.matches(text)
    }

    private static let askingWords: Set<String> = [
        "without", "skip", "skipping", "avoid", "avoiding", "prevent", "preventing", "disable", "disabled",
        "disabling", "suppress", "suppressing", "bypass", "bypassing", "override", "overriding", "anyway",
    ]

    private static let pattern = CompiledPattern(
        #"\b(without|skip(s|ped|ping)?|prevent(s|ed|ing)?|avoid(s|ed|ing)?|disabl(e|es|ed|ing)|suppress(es|ed|ing)?"#
            + #"|bypass(es|ed|ing)?|overrid(e|es|ing)|ignor(e|es|ed|ing)|inhibit(s|ed|ing)?|(turn|switch)(s|es|ed|ing)? off"#
            + #"|don['’]t|do not|no longer)\b|(^|\s)--no-"#,
        caseInsensitive: true)
}
