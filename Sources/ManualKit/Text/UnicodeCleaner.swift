import Foundation

/// Normalises one extracted line: NFKC, no control or private-use glyphs, tidy whitespace.
struct UnicodeCleaner: Sendable {
    /// What a column gap (a tab or a run of two or more spaces) becomes, so table cells stay apart.
    static let columnGap = "  "

    struct Result: Equatable {
        var text: String
        /// The line ended in a soft hyphen: the typesetter broke a word there, so it must be joined.
        var endsWithSoftHyphen: Bool
    }

    func clean(_ raw: String) -> Result {
        let softHyphen = endsWithSoftHyphen(raw)
        // NFKC folds ligatures ("ﬁ"), full-width forms and odd spaces into their plain equivalents;
        // plain ASCII has nothing to fold, and skipping the bridge keeps big pages fast.
        let folded = raw.utf8.allSatisfy { $0 < 0x80 } ? raw : raw.precomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        var pendingSpaces = 0
        for scalar in folded.unicodeScalars {
            if scalar == "\t" {
                pendingSpaces += 2
                continue
            }
            if scalar.properties.isWhitespace {
                pendingSpaces += 1
                continue
            }
            guard let kept = keep(scalar) else { continue }
            if pendingSpaces > 0 && !out.isEmpty {
                out.append(contentsOf: (pendingSpaces >= 2 ? UnicodeCleaner.columnGap : " ").unicodeScalars)
            }
            pendingSpaces = 0
            out.append(kept)
        }
        var text = String(out)
        if softHyphen { text += "-" }
        return Result(text: text, endsWithSoftHyphen: softHyphen)
    }

    /// Drops glyphs that carry no text and folds hyphen look-alikes into "-".
    private func keep(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
            return nil
        default:
            break
        }
        switch scalar.value {
        case 0xFFFD, 0xFFFC:
            return nil  // replacement and object-replacement glyphs stand for text poppler could not map
        case 0x2010, 0x2011:
            return "-"
        default:
            return scalar
        }
    }

    private func endsWithSoftHyphen(_ raw: String) -> Bool {
        for scalar in raw.unicodeScalars.reversed() {
            if scalar.properties.isWhitespace { continue }
            return scalar.value == 0x00AD
        }
        return false
    }
}
