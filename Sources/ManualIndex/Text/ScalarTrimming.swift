/// Trimming without Foundation. `trimmingCharacters(in:)` takes every string through NSString and
/// UTF-16 and back; the answer stage trims each candidate sentence several times, and for each follow-up
/// it checks, which made those calls a twentieth of a question's time. These give the same results: the
/// sets are Foundation's, by Unicode scalar.
package enum TrimSet {
    /// `CharacterSet.whitespaces`: space separators (Zs) and the tab.
    static func space(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.whitespacesAndNewlines`: the spaces above, line and paragraph separators, U+000A to
    /// U+000D and U+0085.
    static func spaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// `CharacterSet.punctuationCharacters`: the punctuation categories (P*).
    package static func punctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}

extension StringProtocol where SubSequence == Substring {
    /// `self` without the leading and trailing scalars `isTrimmed` holds for, as
    /// `trimmingCharacters(in:)` gives it for the same set.
    package func stripping(_ isTrimmed: (Unicode.Scalar) -> Bool) -> Substring {
        let whole = self[...]
        let scalars = whole.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return whole[whole.endIndex...] }
        return Substring(scalars[first...last])
    }

    /// `self` without leading and trailing spaces and tabs (`CharacterSet.whitespaces`).
    package var strippingSpaces: Substring { stripping(TrimSet.space) }

    /// `self` without leading and trailing white space and line ends (`CharacterSet.whitespacesAndNewlines`).
    package var strippingSpacesAndNewlines: Substring { stripping(TrimSet.spaceOrNewline) }
}
