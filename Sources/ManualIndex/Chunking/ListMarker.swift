/// A bullet or enumeration opening a list item: "•", "-", "*", "1.", "a)", "(iv)".
package enum ListMarker {
    private static let bullets: Set<Character> = [
        "•", "●", "○", "◦", "▪", "▫", "■", "□", "►", "▶", "➢", "➤", "✓", "✔", "‣", "⁃", "·", "∙", "❖", "◆", "◇",
    ]
    /// True for a bullet character ("•", "●", "▪" …); dashes are not bullets here, as they may be part of the text.
    package static func isBullet(_ character: Character) -> Bool { bullets.contains(character) }

    /// Dash-like marks only count with a space after them, so "-D" options and "-5 °C" stay text.
    private static let dashes: Set<Character> = ["-", "*", "+", "–", "—"]

    /// Whether `text` starts with a list marker followed by item text.
    static func starts(_ text: String) -> Bool {
        // Asked of every line: most start in ASCII and are answered on their bytes.
        if let answer = ASCIICharacters.read(text, startsASCII) { return answer }
        guard let first = text.first else { return false }
        let afterFirst = text.dropFirst()
        if bullets.contains(first) { return !afterFirst.isEmpty }
        if dashes.contains(first) { return afterFirst.first == " " && afterFirst.dropFirst().first.map { !$0.isWhitespace } == true }
        return enumerationLength(text) != nil
    }

    /// Whether `text` is a list marker and nothing else: a bullet, a dash or a step's number ("•", "–", "3."),
    /// as poppler reads one drawn apart from its item's text (`TableRowAssembler`).
    static func isBare(_ text: String) -> Bool {
        // Asked of many lines while a page is assembled: a marker is a few bytes ("(viii)", "12.", "•").
        guard text.utf8.count <= 6 else { return false }
        if text.count > 1 {
            return (text.last == "." || text.last == ")") && enumerationLength(text + " x") == text.count
        }
        guard let mark = text.first else { return false }
        return bullets.contains(mark) || (dashes.contains(mark) && mark != "*" && mark != "+")
    }

    /// Length of an enumeration marker such as "1.", "12)", "a)", "(b)", "iv." with its closer.
    package static func enumerationLength(_ text: String) -> Int? {
        if let answer = ASCIICharacters.read(text, enumerationLengthASCII) { return answer }
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

    // MARK: The same rules on ASCII bytes

    /// `starts` where the characters it looks at are ASCII (every bullet is non-ASCII).
    private static func startsASCII(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> Bool {
        guard let first = try text.at(0) else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            guard try text.at(1) == 0x20, let next = try text.at(2) else { return false }
            return !ASCIICharacters.isSpace(next)
        }
        return try enumerationLengthASCII(text) != nil
    }

    /// `enumerationLength` where the characters it looks at are ASCII.
    private static func enumerationLengthASCII(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> Int? {
        var i = 0
        let opened = try text.at(0) == UInt8(ascii: "(")
        if opened { i = 1 }
        let labelStart = i
        var isNumber = true, isLetter = true, isRoman = true
        while let c = try text.at(i), ASCIICharacters.isDigit(c) || ASCIICharacters.isLetter(c) {
            isNumber = isNumber && ASCIICharacters.isDigit(c)
            isLetter = isLetter && ASCIICharacters.isLetter(c)
            isRoman = isRoman && (c == UInt8(ascii: "i") || c == UInt8(ascii: "v") || c == UInt8(ascii: "x"))
            i += 1
        }
        let labelLength = i - labelStart
        guard labelLength > 0 else { return nil }
        guard isNumber && labelLength <= 2 || isLetter && labelLength == 1 || isRoman && labelLength <= 4 else { return nil }
        guard let closer = try text.at(i), closer == UInt8(ascii: ")") || (closer == UInt8(ascii: ".") && !opened) else { return nil }
        let length = i + 1
        guard try text.at(length) == 0x20 else { return nil }
        var next = length
        while try text.at(next) == 0x20 { next += 1 }
        guard let first = try text.at(next), !ASCIICharacters.isSpace(first) else { return nil }
        return length
    }
}
