/// The shape of a line with its numbers masked, so running heads match across pages.
///
/// "Page 3 of 40" and "Page 17 of 40" share one pattern, as do "iv" and "12" (page numbers).
enum LinePattern {
    /// Every line that is nothing but a page number, in any of the usual dresses.
    static let pageNumber = "<page-number>"

    /// The masked, lowercased pattern of `text`.
    static func key(_ text: String) -> String {
        if let tokens = ASCIICharacters.read(text, maskedTokensASCII) { return key(maskedTokens: tokens) }
        var tokens: [String] = []
        for token in text.lowercased().split(whereSeparator: { $0 == " " }) {
            tokens.append(mask(String(token)))
        }
        return key(maskedTokens: tokens)
    }

    /// The key from the line's masked, lowercased tokens.
    private static func key(maskedTokens tokens: [String]) -> String {
        var tokens = tokens
        let key = tokens.joined(separator: " ")
        if pageNumberShapes.contains(key) { return pageNumber }
        // The page number beside a running head comes and goes with reading order; the head is the pattern.
        while tokens.count > 1, let first = tokens.first, pageNumberTokens.contains(first) { tokens.removeFirst() }
        while tokens.count > 1, let last = tokens.last, pageNumberTokens.contains(last) { tokens.removeLast() }
        return tokens.joined(separator: " ")
    }

    /// Lowercased letters and digits only: how titles are compared whatever their spacing or punctuation.
    static func alphanumerics(_ text: String) -> String {
        // ASCII text lowercases byte by byte; anything else goes through `lowercased()`.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let kept = bytes.lazy.filter { ASCIICharacters.isLetter($0) || ASCIICharacters.isDigit($0) }.map { $0 | 0x20 }
            return String(decoding: kept, as: UTF8.self)
        }
        if let ascii = ascii ?? nil { return ascii }
        return String(scalars: text.lowercased().unicodeScalars.filter { ScalarClass.isAlphabetic($0) || ScalarClass.isNumeric($0) })
    }

    private static let pageNumberShapes: Set<String> = [
        "#", "page #", "page # of #", "# of #", "# / #", "#/#", "- # -", "-#-", "– # –", "— # —",
        "[#]", "(#)", "p. #", "p.#", "pg. #", "pg #", "seite #", "página #", "# |", "| #",
    ]

    /// Tokens of a page-number expression ("Page 3 of 40", "8 / 123") around a running head.
    private static let pageNumberTokens: Set<String> = ["#", "|", "/", "-", "–", "—", "of", "page", "p.", "·", "•"]

    /// `mask` of each lowercased token, on the bytes of an all-ASCII line.
    private static func maskedTokensASCII(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> [String] {
        guard text.isPlain else { throw ASCIICharacters.Undecided() }
        return text.plainBytes.split(separator: 0x20).map { token in
            maskASCII(token.map { ASCIICharacters.isUppercase($0) ? $0 | 0x20 : $0 })
        }
    }

    /// `mask` of a lowercase ASCII token.
    private static func maskASCII(_ token: [UInt8]) -> String {
        let isAlphanumeric = { (byte: UInt8) in ASCIICharacters.isLetter(byte) || ASCIICharacters.isDigit(byte) }
        if let first = token.firstIndex(where: isAlphanumeric), let last = token.lastIndex(where: isAlphanumeric),
           last - first < 6, token[first...last].allSatisfy({ "ivx".utf8.contains($0) }),
           isRomanNumeral(String(decoding: token[first...last], as: UTF8.self)) {
            return String(decoding: token[..<first] + "#".utf8 + token[(last + 1)...], as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(token.count)
        var inDigits = false
        for byte in token {
            if ASCIICharacters.isDigit(byte) {
                if !inDigits { out.append(UInt8(ascii: "#")) }
                inDigits = true
            } else {
                out.append(byte)
                inDigits = false
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func mask(_ token: String) -> String {
        if isRomanNumeral(token.trimmingPunctuation) { return token.replacingCore(with: "#") }
        var out = ""
        var inDigits = false
        for character in token {
            if character.isNumber {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                out.append(character)
                inDigits = false
            }
        }
        return out
    }

    /// Lowercase roman numerals up to 39 (front-matter page numbers, "Part IV").
    static func isRomanNumeral(_ token: String) -> Bool {
        guard !token.isEmpty, token.count <= 6, token.allSatisfy({ "ivx".contains($0) }) else { return false }
        var rest = Substring(token)
        while rest.hasPrefix("x") { rest = rest.dropFirst() }
        if token.count - rest.count > 3 { return false }
        let units: Set<Substring> = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
        return units.contains(rest) && !(rest.isEmpty && token.isEmpty)
    }
}

private extension String {
    var trimmingPunctuation: String {
        var scalars = Substring(self)
        while let first = scalars.first, !first.isLetter && !first.isNumber { scalars = scalars.dropFirst() }
        while let last = scalars.last, !last.isLetter && !last.isNumber { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// Replaces the letters-and-digits core of a token, keeping punctuation around it ("(iv)" -> "(#)").
    func replacingCore(with replacement: String) -> String {
        var head = Substring(self), tail = ""
        while let last = head.last, !last.isLetter && !last.isNumber {
            tail = String(last) + tail
            head = head.dropLast()
        }
        var lead = ""
        while let first = head.first, !first.isLetter && !first.isNumber {
            lead.append(first)
            head = head.dropFirst()
        }
        return lead + replacement + tail
    }
}
