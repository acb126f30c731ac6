/// Drops a word where it follows one of a few lead phrases ("every time" → "every", "how close" → "how"),
/// as the regular expression `\b(lead|…)\s+word\b` replaced by its lead would, for text that is all ASCII.
///
/// Every question is edited this way, and the first regular expression a process runs loads ICU's
/// character tables: a fiftieth of a question's time, for two fixed phrases. Text with other characters
/// gets nil, and the caller runs the expression.
package enum WordAfterLead {
    /// `text` without the white space and `word` after each lead (a lead's words stand one space apart,
    /// as in the expression), compared without case; nil when `text` is not all ASCII. `replacement`, when
    /// given, stands for the lead as well (an expression replaced by a fixed text rather than by its lead).
    package static func dropping(_ word: String, after leads: [[String]], replacingLeadWith replacement: String? = nil,
                         in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let words = runs(bytes)
        func lowered(_ run: Range<Int>) -> String {
            String(decoding: bytes[run].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var out: [UInt8] = []
        var copied = 0
        for (k, run) in words.enumerated() where k > 0 && lowered(run) == word {
            let gap = bytes[words[k - 1].upperBound..<run.lowerBound]
            guard !gap.isEmpty, gap.allSatisfy(isSpace) else { continue }
            let led = leads.first { lead in
                guard lead.count <= k else { return false }
                for (offset, part) in lead.reversed().enumerated() {
                    let index = k - 1 - offset
                    guard lowered(words[index]) == part else { return false }
                    // Between a lead's own words: exactly one space.
                    if offset > 0, bytes[words[index].upperBound..<words[index + 1].lowerBound].elementsEqual([0x20]) == false {
                        return false
                    }
                }
                return true
            }
            guard let led else { continue }
            if let replacement {
                out.append(contentsOf: bytes[copied..<words[k - led.count].lowerBound])
                out.append(contentsOf: replacement.utf8)
            } else {
                out.append(contentsOf: bytes[copied..<words[k - 1].upperBound])
            }
            copied = run.upperBound
        }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The runs of word characters (letters, digits, "_": the expression's `\w`), left to right.
    private static func runs(_ bytes: [UInt8]) -> [Range<Int>] {
        func isWord(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }
        var out: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            if isWord(byte) {
                if start == nil { start = index }
            } else if let begun = start {
                out.append(begun..<index)
                start = nil
            }
        }
        if let begun = start { out.append(begun..<bytes.count) }
        return out
    }
}
