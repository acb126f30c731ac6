/// Terminal columns text takes: East Asian wide and full-width characters and emoji take two,
/// marks that combine with the character before them none, everything else one.
enum DisplayWidth {
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first) || first.properties.isEmojiPresentation ? 2 : 1
    }

    /// Wide and full-width ranges of Unicode's East Asian Width property.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `columns` columns.
    static func prefix(_ text: String, columns: Int) -> String {
        var out = "", used = 0
        for character in text {
            let width = of(character)
            if used + width > columns { break }
            out.append(character)
            used += width
        }
        return out
    }
}
