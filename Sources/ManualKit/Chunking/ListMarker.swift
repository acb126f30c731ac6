/// A bullet or enumeration opening a list item: "•", "-", "*", "1.", "a)", "(iv)".
enum ListMarker {
    private static let bullets: Set<Character> = [
        "•", "●", "○", "◦", "▪", "▫", "■", "□", "►", "▶", "➢", "➤", "✓", "✔", "‣", "⁃", "·", "∙", "❖", "◆", "◇",
    ]
    /// Dash-like marks only count with a space after them, so "-D" options and "-5 °C" stay text.
    private static let dashes: Set<Character> = ["-", "*", "+", "–", "—"]

    /// Whether `text` starts with a list marker followed by item text.
    static func starts(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        let afterFirst = text.dropFirst()
        if bullets.contains(first) { return !afterFirst.isEmpty }
        if dashes.contains(first) { return afterFirst.first == " " && afterFirst.dropFirst().first.map { !$0.isWhitespace } == true }
        return enumerationLength(text) != nil
    }

    /// Length of an enumeration marker such as "1.", "12)", "a)", "(b)", "iv." with its closer.
    static func enumerationLength(_ text: String) -> Int? {
        var chars = Substring(text)
        var length = 0
        let opened = chars.first == "("
        if opened {
            chars = chars.dropFirst()
            length += 1
        }
        let label = chars.prefix { $0.isASCII && ($0.isNumber || $0.isLetter) }
        guard !label.isEmpty else { return nil }
        let isNumber = label.count <= 2 && label.allSatisfy(\.isNumber)
        let isLetter = label.count == 1 && label.first!.isLetter
        let isRoman = label.count <= 4 && label.allSatisfy { "ivx".contains($0) }
        guard isNumber || isLetter || isRoman else { return nil }
        chars = chars.dropFirst(label.count)
        length += label.count
        guard let closer = chars.first, closer == ")" || (closer == "." && !opened) else { return nil }
        chars = chars.dropFirst()
        length += 1
        guard chars.first == " ", let next = chars.drop(while: { $0 == " " }).first, !next.isWhitespace else { return nil }
        return length
    }
}
