import Foundation

/// The teacher tokenizer's text normalisation (BERT's, as `tokenizers`' `BertNormalizer` with
/// `clean_text`, `handle_chinese_chars`, `lowercase` and accents stripped), scalar for scalar:
/// the table's rows were distilled from pieces cut this way, so any difference changes the vectors.
enum BertNormalizer {
    /// `text` cleaned, CJK ideographs spaced, accents stripped, lowercased (in that order, as the reference).
    static func normalize(_ text: String) -> [Unicode.Scalar] {
        var cleaned: [Unicode.Scalar] = []
        cleaned.reserveCapacity(text.unicodeScalars.count)
        var ascii = true
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || scalar.value == 0xFFFD || isControl(scalar) { continue }
            if isWhitespace(scalar) {
                cleaned.append(" ")
            } else if isChineseCharacter(scalar) {
                cleaned.append(" ")
                cleaned.append(scalar)
                cleaned.append(" ")
                ascii = false
            } else {
                cleaned.append(scalar)
                if !scalar.isASCII { ascii = false }
            }
        }
        if ascii {
            return cleaned.map { $0.value >= 65 && $0.value <= 90 ? Unicode.Scalar($0.value + 32)! : $0 }
        }
        // Strip accents: canonical decomposition, then drop the nonspacing marks; then lowercase each scalar.
        var view = String.UnicodeScalarView()
        view.append(contentsOf: cleaned)
        let decomposed = String(view).decomposedStringWithCanonicalMapping
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(cleaned.count)
        for scalar in decomposed.unicodeScalars {
            // No ASCII scalar is a nonspacing mark: only the others need Unicode's category table.
            if scalar.isASCII {
                out.append(scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return out
    }

    /// Tab, line feed and carriage return, and every scalar with Unicode's White_Space property.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // The ASCII scalars with White_Space are tab to carriage return (9-13) and space: answered
        // without Unicode's property tables, which were a third of a chunk's embedding time
        // (and a tenth of a question's, where sentences are embedded to choose the answer).
        if scalar.isASCII { return scalar.value == 32 || (9...13).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    /// Every "other" category (Cc, Cf, Cn, Co, Cs) except tab, line feed and carriage return.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        if scalar.isASCII { return scalar.value < 32 || scalar.value == 127 }
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate: return true
        default: return false
        }
    }

    /// The CJK Unified Ideographs blocks BERT spaces out (not kana, not hangul).
    static func isChineseCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
             0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F: return true
        default: return false
        }
    }

    /// ASCII punctuation (33-47, 58-64, 91-96, 123-126) and every Unicode punctuation category.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (33...47).contains(v) || (58...64).contains(v) || (91...96).contains(v) || (123...126).contains(v) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}
