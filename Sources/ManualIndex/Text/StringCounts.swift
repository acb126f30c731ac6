/// Counts the pipeline takes of every line, without the cost of the general-purpose ones.
extension String {
    /// `unicodeScalars.count`, counted on the UTF-8 bytes: every scalar has exactly one byte that
    /// is not a continuation byte (10xxxxxx). The stdlib count decodes scalar by scalar.
    var scalarCount: Int {
        utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        } ?? unicodeScalars.count
    }
}

extension StringProtocol {
    /// `split(separator: " ").count`, but counting stops past `limit`: rules that only ask whether
    /// a line is short need not cut up a long one.
    func wordCount(upTo limit: Int) -> Int {
        var count = 0
        var inWord = false
        for character in self {
            if character == " " {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
                if count > limit { return count }
            }
        }
        return count
    }

    /// `filter(\.isLetter).count >= minimum`, stopping at the letter that settles it.
    func hasLetters(atLeast minimum: Int) -> Bool {
        guard minimum > 0 else { return true }
        var count = 0
        for character in self where character.isLetter {
            count += 1
            if count >= minimum { return true }
        }
        return false
    }
}
