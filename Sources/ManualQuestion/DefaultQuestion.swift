/// A question that asks for a default, or for what is used when the user gives nothing; the sentences that
/// state one are `DefaultStatement`'s.
enum DefaultQuestion {
    /// The question asks for a default ("Default dwell time of a STEP move", "What is X set to by default?"),
    /// or for what is used when the user gives nothing: "If I leave out the dwell time, what does the tool
    /// use?", "… when it is omitted", "… if I don't specify a port", "… if I don't set IS", "… has no version
    /// parameter", "out of the box".
    static func isAsked(in words: [String]) -> Bool {
        // Not "omit" alone: "How do I omit the header?" asks how.
        if words.contains(where: { $0 == "default" || $0 == "defaults" || $0 == "omitted" || $0 == "unspecified" }) {
            return true
        }
        let text = " " + words.joined(separator: " ") + " "
        return leftOut.contains { text.contains(" \($0) ") } || namesNoSetting(words)
    }

    /// "… has no version parameter", "… without a baud rate setting": a setting the asker does not give.
    private static func namesNoSetting(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard words[index] == "no" || words[index] == "without" else { return false }
            return words[(index + 1)..<min(words.count, index + 4)].contains(where: settingNouns.contains)
        }
    }

    /// What a user sets: "parameter", "value", "option", "setting", "argument".
    private static let settingNouns: Set<String> = ["parameter", "parameters", "value", "values", "option", "options",
                                                    "setting", "settings", "argument", "arguments"]

    /// Phrasings of giving nothing.
    private static let leftOut = ["leave out", "leave it out", "leave them out", "left out", "not specified",
                                  "don t specify", "do not specify", "not given", "don t give", "out of the box",
                                  "don t set", "do not set", "without setting", "without specifying"]
}
