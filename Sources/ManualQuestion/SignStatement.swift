import ManualIndex
/// "How can I tell that the alarm is on?", "How do I know if a version is a development release?": a question
/// asking how to recognise a state, and the sentences that give its sign ("A bell symbol on the display shows
/// that the alarm is set", "if the middle number is odd, it's a development tree").
///
/// Such a question shares its words with the steps that bring the state about ("To set the alarm: …"), which
/// say how to do it, not how to tell: the sentence giving the sign has the shape of its answer (`AnswerForm`).
package enum SignStatement {
    /// True for a question opening "How can I tell", "How do I know", "How will I know" … then what is to be
    /// told ("if", "that", "the …"). Not "How do I tell it which language I speak?": there "tell" is to instruct.
    static func isAsked(in words: [String]) -> Bool {
        guard words.count >= 5, words[0] == "how", ["can", "do", "will", "would", "could"].contains(words[1]),
              ["i", "you", "we", "one"].contains(words[2]) else { return false }
        return ["tell", "know", "see", "recognise", "recognize"].contains(words[3])
            && ["if", "that", "whether", "when", "the", "a", "an", "my"].contains(words[4])
    }

    /// True when `text` gives a sign: something shows, indicates or means a state, or a condition says what
    /// something is ("if the middle number is odd, it's a development tree").
    package static func states(_ text: String) -> Bool { pattern.matches(text) }

    private static let pattern = CompiledPattern(
        #"\b(shows?|indicates?|means|signals?|signifies|tells you|lights? up|comes on|goes out|appears?|flash(es)?|turns? (green|red|amber|orange|blue|white|on|off))\b|\bif\b[^.;]*,\s*(it|this|that|the \w+) ?(’s|'s|is|are|means)\b"#,
        caseInsensitive: true)
}
