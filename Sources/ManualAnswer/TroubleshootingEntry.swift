import ManualIndex
/// Troubleshooting entries: "Problem: the kettle switches off before the water boils. Solution: descale
/// it." Owners ask in the words of the problem ("my kettle stops early"); the manual's answer is the
/// solution, whose own words ("descale", "citric acid") share little with the question.
///
/// A problem statement is read like a heading for the sentences of its entry: they inherit its words and
/// its meaning, so the solution can be found from the problem it solves. An entry runs from its problem
/// statement to the next problem statement or heading.
enum TroubleshootingEntry {
    /// Labels that open a problem statement.
    static let problemLabels = ["problem:", "symptom:", "issue:", "trouble:", "fault:", "q:", "question:"]
    /// Labels that open the reply to one.
    static let solutionLabels = ["solution:", "remedy:", "fix:", "answer:", "a:", "cure:", "action:", "what to do:"]

    /// True for "Problem: ...", "• Symptom: ...": a sentence that opens a troubleshooting entry.
    static func isProblem(_ text: String) -> Bool { opens(text, with: problemLabels) }

    /// True for "Solution: ...", "Remedy: ...": the sentence that starts an entry's reply.
    static func isSolution(_ text: String) -> Bool { opens(text, with: solutionLabels) }

    /// For each sentence, the index of the problem statement whose entry it belongs to: nil outside
    /// entries and for the problem statements themselves. `isProblem`: `isProblem` of each sentence.
    static func heads(of sentences: [Sentence], isProblem: [Bool]) -> [Int?] {
        var out: [Int?] = []
        out.reserveCapacity(sentences.count)
        var head: Int?
        for (index, sentence) in sentences.enumerated() {
            if sentence.kind == .heading {
                head = nil
                out.append(nil)
            } else if isProblem[index] {
                head = index
                out.append(nil)
            } else {
                out.append(head)
            }
        }
        return out
    }

    /// The label, after any bullet ("•", "-") and spaces, in any case.
    private static func opens(_ text: String, with labels: [String]) -> Bool {
        let start = text.drop { $0 == " " || $0 == "•" || $0 == "-" || $0 == "–" || $0 == "*" || $0 == "▪" }
        let head = start.prefix(20).lowercased()
        return labels.contains { head.hasPrefix($0) }
    }
}
