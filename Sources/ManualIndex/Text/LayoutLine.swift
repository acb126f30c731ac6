import Foundation

/// One cleaned line of a page with the layout facts later stages decide on.
///
/// Geometry and font are zero when the page came without layout information.
package struct LayoutLine: Sendable, Equatable {
    /// Cleaned text; column gaps are `UnicodeCleaner.columnGap`, other whitespace single spaces.
    var text: String
    /// Physical page number, 1-based.
    var page: Int
    var top = 0.0
    var bottom = 0.0
    var left = 0.0
    var right = 0.0
    var fontSize = 0.0
    var isBold = false
    /// A blank line or a wide vertical gap separates this line from the one before it on the page.
    var followsGap = false
    /// The line ends well before the right margin (set by `PageMetrics`).
    var isShort = false
    /// The line was rebuilt from table cells that poppler read column by column.
    var isAssembledRow = false
    /// The word at the end of the line was broken with a soft hyphen.
    var endsWithSoftHyphen = false

    /// Whether position and font are known for this line.
    var hasGeometry: Bool { fontSize > 0 || bottom > 0 }

    var height: Double { max(bottom - top, 0) }

    /// The text with column gaps collapsed to single spaces, as it reads in prose.
    var flatText: String {
        ASCIISearch.replacing(UnicodeCleaner.columnGapLiteral, with: " ", in: text)
    }
}
