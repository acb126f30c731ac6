/// A WARNING / CAUTION / NOTE (also DANGER, IMPORTANT, "Please note") label opening a block.
struct AdmonitionLabel: Sendable, Equatable {
    /// The kind every sentence of the block gets.
    var kind: SentenceKind
    /// The label is the whole line; the block is what follows it.
    var standsAlone: Bool

    private static let kinds: [String: SentenceKind] = [
        "warning": .warning, "warnings": .warning, "danger": .warning,
        "caution": .caution, "attention": .caution,
        "note": .note, "notes": .note, "important": .note, "notice": .note,
    ]

    /// The label opening `text`, or nil when the line does not open an admonition.
    static func match(_ text: String) -> AdmonitionLabel? {
        // Asked of every line, and nearly every line starts with some other word.
        if ASCIICharacters.read(text, startsWithOtherWord) == true { return nil }
        let word = text.prefix { $0.isLetter }
        guard word.count >= 4, word.count <= 9, text.scalarCount <= 2000 else { return nil }
        let rest = text.dropFirst(word.count).drop { $0 == " " }
        let lower = word.lowercased()
        if lower == "please" {
            let next = rest.prefix { $0.isLetter }.lowercased()
            guard next == "note" else { return nil }
            let after = rest.dropFirst(4).drop { $0 == " " }
            return AdmonitionLabel(kind: .note, standsAlone: after.allSatisfy { ":!.".contains($0) })
        }
        guard let kind = kinds[lower] else { return nil }
        if rest.isEmpty || rest == ":" || rest == "!" || rest == "." || rest == ":-" {
            return AdmonitionLabel(kind: kind, standsAlone: true)
        }
        if let first = rest.first, ":!-\u{2013}\u{2014}".contains(first) {
            return AdmonitionLabel(kind: kind, standsAlone: false)
        }
        // "WARNING Do not ..." (a capitalised label run into the text), but not "NOTE TO PACKAGERS".
        let isShouted = word.allSatisfy { $0.isUppercase }
        let restIsShouted = !rest.contains { $0.isLowercase }
        if isShouted, let first = rest.first, first.isUppercase, !restIsShouted {
            return AdmonitionLabel(kind: kind, standsAlone: false)
        }
        return nil
    }

    /// Every word that can open an admonition ("please" leads "Please note"), lowercase ASCII.
    private static let openingWords: [[UInt8]] = (Array(kinds.keys) + ["please"]).map { Array($0.utf8) }

    /// Whether the line's first word (its leading letters) is plainly none of `openingWords`.
    private static func startsWithOtherWord(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> Bool {
        var word: [UInt8] = []
        var i = 0
        while let c = try text.at(i), ASCIICharacters.isLetter(c) {
            // Longer than any label: stop reading, it is some other word.
            guard word.count < 9 else { return true }
            word.append(c | 0x20)
            i += 1
        }
        return !openingWords.contains(word)
    }
}
