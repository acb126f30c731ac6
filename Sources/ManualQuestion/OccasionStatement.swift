import ManualIndex
/// "When must the tyre pressure system be calibrated again?", "When is the oil due for replacement?": a
/// question asking on what occasion something is done, and the sentences that state one ("… every time you
/// adjust a tire pressure", "every 15,000 km or 12 months", "whenever the filter light comes on").
///
/// Such a question's own words name the job, which the procedure for doing it shares too ("To calibrate the
/// system, inflate all tires …"): the sentence that says when has the shape of its answer (`SentenceScorer`).
package enum OccasionStatement {
    /// True for a question that opens by asking when something happens, must or should be done: "When" then
    /// a verb of being or a modal. Not "When the light flashes, what should I do?": there "when" sets the scene.
    static func isAsked(in words: [String]) -> Bool {
        guard words.count >= 3, words[0] == "when" else { return false }
        return askingVerbs.contains(words[1])
    }

    /// True when `text` states an occasion or interval: "every", "each time", "whenever", "once a month",
    /// "annually".
    package static func states(_ text: String) -> Bool {
        // A plain search rules out most sentences before the regular expression runs.
        guard ASCIISearch.containsIgnoringCase(text, "every") || ASCIISearch.containsIgnoringCase(text, "each time")
                || ASCIISearch.containsIgnoringCase(text, "once ") || ASCIISearch.containsIgnoringCase(text, "annually")
                || ASCIISearch.containsIgnoringCase(text, "yearly") || ASCIISearch.containsIgnoringCase(text, "monthly")
                || ASCIISearch.containsIgnoringCase(text, "weekly") || ASCIISearch.containsIgnoringCase(text, "daily")
        else { return false }
        return pattern.matches(text)
    }

    private static let askingVerbs: Set<String> = ["is", "are", "was", "must", "should", "do", "does", "did", "can",
                                                   "will", "would", "shall", "need", "has", "have"]

    private static let pattern = CompiledPattern(
        #"\bevery\s+(time|\d|[a-z]+\s+(km|miles?|months?|years?|hours?|weeks?|days?|cycles?|uses?|washes))|\beach time\b|\bwhenever\b|\bonce (a|an|every|per)\b|\b(annually|yearly|monthly|weekly|daily)\b"#,
        caseInsensitive: true)
}
