/// "How wide is the car?" asks for the car's width, and a manual states it by the noun: "Overall width
/// (excluding mirrors) | 1,790 mm". The stemmer keeps the adjective and the noun apart ("wide" / "width",
/// "heavy" / "weight"), so the question shared no word with the specification table but "car", and was
/// answered from whichever page says "car" most. Asked as "What is the width of the car?", it is
/// searched, weighed and answered by the dimension's own name. A "how tight should … be" question is
/// asked the same way, by the torque a manual tightens a part to ("how tight should the clamp screws be").
///
/// Only adjectives whose question means one dimension are read: "how high" is asked of voltages and
/// temperatures as much as of heights, "how long" of times as much as of lengths, "how big" of
/// capacities, so those questions are left as typed.
enum DimensionQuestion {
    /// The adjective of a "how … is" (or "how … should … be", "how … do … need to be") question and the
    /// noun a manual gives that dimension by.
    static let nouns: [String: String] = [
        "wide": "width", "tall": "height", "heavy": "weight", "deep": "depth", "thick": "thickness",
        // A nut or bolt is tightened to a torque: "Tighten the wheel nuts to 110 N·m".
        "tight": "tightening torque",
        // An appliance's noise is stated as a level: "Noise level | 44 dB(A)".
        "noisy": "noise level", "loud": "noise level",
    ]

    /// The question asked by the dimension's noun, or nil when it is not such a question:
    /// "How wide is the car?" → "What is the width of the car?";
    /// "How much does the trailer weigh?" → "What is the weight of the trailer?".
    static func rewrite(_ question: String) -> String? {
        let words = question.split(whereSeparator: \.isWhitespace)
        let lower = words.map { $0.lowercased().filter { $0.isLetter } }
        guard let how = lower.firstIndex(of: "how"), how + 2 < words.count else { return nil }
        // The question's closing mark, when it stands on a word the rewrite drops ("… be?").
        let closingMark = words[words.count - 1].last.flatMap { "?!.".contains($0) ? String($0) : nil }
        // "How wide is the car?", "how heavy are the wheels"
        if let noun = nouns[lower[how + 1]], ["is", "are"].contains(lower[how + 2]), how + 3 < words.count {
            return phrase(noun: noun, subject: words[(how + 3)...], before: words[..<how])
        }
        // "how tight should the clamp screws be", "how wide must the gap be"
        if let noun = nouns[lower[how + 1]], ["should", "must"].contains(lower[how + 2]), lower.last == "be", how + 4 < words.count {
            return phrase(noun: noun, subject: words[(how + 3)..<(words.count - 1)], before: words[..<how],
                          ending: closingMark)
        }
        // "How tight do the wheel nuts need to be?", "how wide does the gap have to be"
        if let noun = nouns[lower[how + 1]], ["do", "does"].contains(lower[how + 2]), words.count - how >= 8,
           lower.suffix(3).elementsEqual(["need", "to", "be"]) || lower.suffix(3).elementsEqual(["have", "to", "be"])
            || lower.suffix(3).elementsEqual(["has", "to", "be"]) {
            return phrase(noun: noun, subject: words[(how + 3)..<(words.count - 3)], before: words[..<how],
                          ending: closingMark)
        }
        // "How much does the car weigh?", "how much do the batteries weigh"
        if lower[how + 1] == "much", ["does", "do"].contains(lower[how + 2]), lower.last == "weigh", how + 4 < words.count {
            return phrase(noun: "weight", subject: words[(how + 3)..<(words.count - 1)], before: words[..<how])
        }
        // "How much can I carry on the roof?" → "What is the maximum load I can carry on the roof?": a manual
        // states it as "Maximum roof load | 75 kg". Not "how much can it tow": "tow a trailer of up to
        // 1,000 kg" says it by the verb, and "maximum load" would find the tow ball's vertical load.
        if lower[how + 1] == "much", lower[how + 2] == "can", how + 4 < words.count,
           let verb = lower[(how + 4)...].prefix(2).firstIndex(where: { $0 == "carry" || $0 == "load" }) {
            let clause = (words[(how + 3)..<verb] + ["can"] + words[verb...]).joined(separator: " ")
            let ending = clause.last.map { "?!.".contains($0) } == true ? "" : "?"
            return "\(lead(words[..<how])) is the maximum load \(clause)\(ending)"
        }
        return nil
    }

    /// Verbs whose "how much can …" asks for a weight (`ExpectedValue`): not "hold", asked of tanks and
    /// memories too.
    static let loadVerbs = ExpectedValue.subjects["load-verbs"]

    /// "What is the <noun> of <subject>?", after any words the question began with ("Roughly, how wide …").
    /// `ending`: the question's closing mark when it is not on the subject's last word ("… be?").
    private static func phrase(noun: String, subject: ArraySlice<Substring>, before: ArraySlice<Substring>,
                               ending: String? = nil) -> String {
        var subjectText = subject.joined(separator: " ")
        let closing = subjectText.last.map { "?!.".contains($0) } == true ? String(subjectText.removeLast()) : "?"
        return "\(lead(before)) is the \(noun) of \(subjectText)\(ending ?? closing)"
    }

    /// "What", after any words the question began with: "Roughly, what".
    private static func lead(_ before: ArraySlice<Substring>) -> String {
        before.isEmpty ? "What" : before.joined(separator: " ") + " what"
    }
}
