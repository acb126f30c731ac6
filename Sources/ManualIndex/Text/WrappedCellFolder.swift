/// Folds the lines of a table cell that wraps back into its row (`TableRowAssembler`).
///
/// A cell too long for its column wraps onto the lines below, which poppler reads as rows of their own
/// with the other columns empty ("Check that the parking brake is" / "released."). Such a row is folded
/// into the row above, so that every table row stays one line and its cells stay apart. A line continues
/// a cell when it finishes a broken word ("tempera-" / "ture"); in the first column, when it starts with a
/// bracket ("Maintenance" / "(wrench)"); in a later column, when the cell's line above had filled its
/// column. A row that fills every column the row above fills is a row of its own.
struct WrappedCellFolder {
    /// The table region's lines, in poppler's order: they tell how wide each column's widest line is.
    let run: [LayoutLine]

    /// A cell's line that fills this share of its column wraps onto the line below.
    private let wrapShare = 0.7

    /// `rows` (each its cells, left to right) with the rows that only continue cells folded into the row above.
    func fold(_ rows: [[LayoutLine]]) -> [[LayoutLine]] {
        let dehyphenator = Dehyphenator(vocabulary: HyphenationVocabulary(lines: run.map(\.text)))
        var out: [WrappingRow] = []
        out.reserveCapacity(rows.count)
        var columnEnds: [Double: Double] = [:]
        for cells in rows {
            if let above = out.last, above.cells.count >= 2,
               let folded = fold(cells, into: above, columnEnds: &columnEnds, dehyphenator: dehyphenator) {
                out[out.count - 1] = folded
            } else {
                out.append(WrappingRow(cells: cells, lastRight: cells.map(\.right)))
            }
        }
        return out.map(\.cells)
    }

    /// A row being folded: its cells, and where the last line of each cell ends.
    private struct WrappingRow {
        var cells: [LayoutLine]
        var lastRight: [Double]
    }

    /// `above` with `cells` appended to the cells they continue, or nil when `cells` starts a row of its own.
    /// `columnEnds`: the right edge of the widest line of the column starting at a left edge, as found so far.
    private func fold(_ cells: [LayoutLine], into above: WrappingRow, columnEnds: inout [Double: Double],
                      dehyphenator: Dehyphenator) -> WrappingRow? {
        guard let first = cells.first, let aboveBottom = above.cells.map(\.bottom).max() else { return nil }
        let em = max(first.fontSize, 1)
        // Wrapped lines follow at the usual line distance; a wider gap separates rows.
        guard first.top - aboveBottom <= 0.8 * em else { return nil }
        let tolerance = 0.5 * em
        // The first piece must start a column of the row above; later pieces of a justified line
        // (split at a wide word gap) fall inside a column.
        guard above.cells.contains(where: { abs($0.left - first.left) <= tolerance }) else { return nil }
        // A first cell that goes on in lower case under prose that has not finished ("Streaks or a sticky film on" /
        // "glasses.") continues the row, whatever the other columns hold.
        let continuesFirstCell = abs(first.left - above.cells[0].left) <= tolerance
            && WrappedCellFolder.isUnfinishedProse(above.cells[0].text) && first.text.first?.isLowercase == true
        // A row that fills every column the row above fills is a row of its own, unless it finishes a broken word.
        let fillsEveryColumn = cells.count >= above.cells.count && !continuesFirstCell
        var folded = above
        var joinedColumns: Set<Int> = []
        for cell in cells {
            guard let column = folded.cells.lastIndex(where: { $0.left <= cell.left + tolerance }) else { return nil }
            let text = folded.cells[column].text
            // A second piece of the same line in the column ("released." then "If the light stays on,") goes on it.
            if !text.hasSuffix("-") && !joinedColumns.contains(column) && !continuesFirstCell {
                guard !fillsEveryColumn else { return nil }
                if column == 0 {
                    // A filled first column starts a new row unless it visibly goes on: "Maintenance" / "(wrench)".
                    guard cell.text.first == "(" else { return nil }
                } else {
                    // Text wraps where its line has filled the column (up to the next column, or as wide as its
                    // widest line): "Check that the parking brake is" does, "correlation coefficient" beside a
                    // wider line of its column does not.
                    let left = folded.cells[column].left
                    let end: Double
                    if column + 1 < folded.cells.count {
                        end = folded.cells[column + 1].left
                    } else if let known = columnEnds[left] {
                        end = known
                    } else {
                        end = run.lazy.filter { abs($0.left - left) <= tolerance }.map(\.right).max() ?? folded.lastRight[column]
                        columnEnds[left] = end
                    }
                    // Or where its cell, prose, stops short of a stop and the line goes on in lower case: "a spray
                    // arm is blocked, too little" / "detergent or the wrong programme.".
                    guard folded.lastRight[column] - left >= wrapShare * (end - left)
                        || (WrappedCellFolder.isUnfinishedProse(text) && cell.text.first?.isLowercase == true)
                    else { return nil }
                }
            }
            folded.cells[column].text = joined(text, cell.text, dehyphenator: dehyphenator)
            folded.cells[column].bottom = max(folded.cells[column].bottom, cell.bottom)
            folded.cells[column].right = max(folded.cells[column].right, cell.right)
            folded.lastRight[column] = cell.right
            joinedColumns.insert(column)
        }
        return folded
    }

    /// A cell of three words or more, opening with a capitalised word and no other, that ends without a stop:
    /// a sentence its column cut short ("The dishwasher does not"). Not a label ("eeprom", "serial program
    /// mode"), a title ("Cells and Structures") nor a command ("SET CPU 11/84"), which a row of the same kind
    /// in lower case may follow.
    static func isUnfinishedProse(_ text: String) -> Bool {
        guard let last = text.last, !".:;!?".contains(last) else { return false }
        let letters = text.prefix(2)
        guard letters.count == 2, letters.first?.isUppercase == true, letters.last?.isLowercase == true else { return false }
        let words = text.split(separator: " ")
        // A title capitalises its words ("Cells and Structures"); a sentence does not.
        return words.count >= 3 && !words.dropFirst().contains { word in
            word.count >= 2 && word.first?.isUppercase == true && word.dropFirst().first?.isLowercase == true
        }
    }

    /// The cell's `text` and the line `next` that goes on with it, a word broken at the line's end rejoined.
    private func joined(_ text: String, _ next: String, dehyphenator: Dehyphenator) -> String {
        let fragment = String(text.reversed().prefix { $0 != " " }.reversed())
        let nextWord = String(next.prefix { $0 != " " })
        switch dehyphenator.decide(fragment: fragment, next: nextWord, soft: false) {
        case .dropHyphen: return String(text.dropLast()) + next
        case .keepHyphen: return text + next
        case nil: return text + " " + next
        }
    }
}
