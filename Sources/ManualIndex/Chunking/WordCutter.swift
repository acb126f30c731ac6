/// Cuts text that is too long for a chunk at word boundaries, or hard where a single word is
/// longer than the limit, never between a character and its combining marks.
enum WordCutter {
    /// Pieces of `range` in `scalars`, each at most `limit` long and trimmed of spaces.
    static func pieces(of range: Range<Int>, in scalars: [Unicode.Scalar], limit: Int) -> [Range<Int>] {
        guard range.count > limit, limit > 0 else { return [range] }
        var out: [Range<Int>] = []
        var start = range.lowerBound
        while range.upperBound - start > limit {
            var cut = start + limit
            while cut > start && !ScalarClass.isWhitespace(scalars[cut]) { cut -= 1 }
            if cut == start {
                cut = start + limit
                while cut > start + 1 && isAttached(scalars[cut]) { cut -= 1 }
            }
            out.append(trimmed(start..<cut, in: scalars))
            start = cut
            while start < range.upperBound && ScalarClass.isWhitespace(scalars[start]) { start += 1 }
        }
        if start < range.upperBound { out.append(trimmed(start..<range.upperBound, in: scalars)) }
        return out.filter { !$0.isEmpty }
    }

    /// `text` in pieces of at most `limit` characters.
    static func pieces(of text: String, limit: Int) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return pieces(of: 0..<scalars.count, in: scalars, limit: limit).map { String(scalars: scalars[$0]) }
    }

    private static func trimmed(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        var a = range.lowerBound, b = range.upperBound
        while a < b && ScalarClass.isWhitespace(scalars[a]) { a += 1 }
        while b > a && ScalarClass.isWhitespace(scalars[b - 1]) { b -= 1 }
        return a..<b
    }

    /// Marks that belong to the character before them.
    private static func isAttached(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }
}
