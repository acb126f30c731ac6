import Foundation

/// Folds text to the form tokens are made from: compatibility-decomposed (NFKD), lowercase, without diacritics.
///
/// Decomposing and then dropping the marks gives what NFKC plus diacritic folding would, in one pass:
/// "ﬁlter" -> "filter", "Ä" -> "a", "℃" -> "°c", "µs" -> "us", "kΩ" -> "kohm", "²" -> "2".
/// ASCII takes a fast path; other scalars are folded once per call and cached, since a manual
/// repeats the same few non-ASCII characters (ligatures, quotes, degree signs) thousands of times.
struct ScalarFolding {
    private var cache: [UInt32: [Unicode.Scalar]] = [:]

    /// Folds `text` into a flat array of scalars, ready for scanning.
    mutating func fold(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                // ASCII uppercase to lowercase by hand: no allocation, no table.
                out.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else if let folded = cache[value] {
                out.append(contentsOf: folded)
            } else {
                let folded = Self.foldNonASCII(scalar)
                cache[value] = folded
                out.append(contentsOf: folded)
            }
        }
        return out
    }

    /// Characters whose plain decomposition is not what a manual means by them.
    private static let special: [UInt32: String] = [
        0x00B5: "u", 0x03BC: "u", // micro sign and Greek mu, as in "µs", "μm"
        0x2126: "ohm", 0x03A9: "ohm", 0x03C9: "ohm", // ohm sign and omega, as in "10 kΩ"
        0x00BA: "°", 0x02DA: "°", // ordinal and ring often stand in for the degree sign
        0x00DF: "ss", 0x00E6: "ae", 0x00C6: "ae", 0x0153: "oe", 0x0152: "oe",
        0x00F8: "o", 0x00D8: "o", 0x0142: "l", 0x0141: "l", 0x0111: "d", 0x0110: "d",
        0x0131: "i", 0x00FE: "th", 0x00DE: "th",
        // Quotes that can stand inside a word as an apostrophe.
        0x2019: "'", 0x2018: "'", 0x02BC: "'", 0x00B4: "'", 0x2032: "'",
        // Hyphens that join like "-".
        0x2010: "-", 0x2011: "-",
        // Dots used between unit parts, as in "N·m".
        0x22C5: "·", 0x2219: "·",
        // Trademark signs decompose to letters ("TM") that would glue onto the word before.
        0x2122: " ", 0x2120: " ",
    ]

    private static func foldNonASCII(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let replacement = special[scalar.value] {
            return Array(replacement.unicodeScalars)
        }
        // Decomposing would split Hangul syllables into jamo and strip the voicing marks that tell kana
        // apart ("で" is not "て"): CJK only gets compatibility forms folded ("ﾃ" -> "テ"), as the index does.
        if CJKBigrams.isCJK(scalar) {
            return Array(String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars)
        }
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.lowercased()
        var out: [Unicode.Scalar] = []
        for part in decomposed.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                continue // accents, once decomposed, are dropped: "é" -> "e"
            case .format:
                continue // soft hyphens and zero-width joiners glue the word back together
            default:
                if let replacement = special[part.value] {
                    out.append(contentsOf: replacement.unicodeScalars)
                } else {
                    out.append(part)
                }
            }
        }
        return out
    }
}
