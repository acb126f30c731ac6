import Foundation

/// Normalises one extracted line: NFKC, no control or private-use glyphs, tidy whitespace.
struct UnicodeCleaner: Sendable {
    /// What a column gap (a tab or a run of two or more spaces) becomes, so table cells stay apart.
    static let columnGap = "  "
    /// `columnGap` for the byte searches of `ASCIISearch`.
    static let columnGapLiteral: StaticString = "  "

    struct Result: Equatable {
        var text: String
        /// The line ended in a soft hyphen: the typesetter broke a word there, so it must be joined.
        var endsWithSoftHyphen: Bool
    }

    func clean(_ raw: String) -> Result {
        let softHyphen = endsWithSoftHyphen(raw)
        // NFKC folds ligatures ("ﬁ"), full-width forms and odd spaces into their plain equivalents;
        // plain ASCII has nothing to fold, and skipping the bridge keeps big pages fast.
        let isASCII = raw.utf8.allSatisfy { $0 < 0x80 }
        let folded = isASCII ? raw : raw.precomposedStringWithCompatibilityMapping
        // Built as UTF-8 bytes: appending scalar by scalar to a String is slow on multi-megabyte pages.
        var out: [UInt8] = []
        out.reserveCapacity(folded.utf8.count)
        var pendingSpaces = 0
        func emit(_ bytes: some Sequence<UInt8>) {
            if pendingSpaces > 0 && !out.isEmpty {
                out.append(0x20)
                if pendingSpaces >= 2 { out.append(0x20) }  // a column gap
            }
            pendingSpaces = 0
            out.append(contentsOf: bytes)
        }
        if isASCII {
            for byte in folded.utf8 {
                switch byte {
                case 0x09: pendingSpaces += 2
                case 0x0A...0x0D, 0x20: pendingSpaces += 1
                case 0x00...0x1F, 0x7F: continue
                default: emit(CollectionOfOne(byte))
                }
            }
        } else {
            var buffer: [UInt8] = []
            for scalar in folded.unicodeScalars {
                if scalar == "\t" {
                    pendingSpaces += 2
                } else if ScalarClass.isWhitespace(scalar) {
                    pendingSpaces += 1
                } else if let kept = keep(scalar) {
                    buffer.removeAll(keepingCapacity: true)
                    UTF8.encode(kept) { buffer.append($0) }
                    emit(buffer)
                }
            }
        }
        var text = String(decoding: out, as: UTF8.self)
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
            if ScalarClass.isWhitespace(scalar) { continue }
            return scalar.value == 0x00AD
        }
        return false
    }
}
