import Foundation

/// Finds table blocks in the line stream: runs of rows with columns (cells two or more spaces
/// apart) or with mostly numeric cells, together with their header line.
struct TableDetector: Sendable {
    struct Table: Equatable {
        /// The table's lines, header included.
        var lines: Range<Int>
        /// How many leading lines are header rows.
        var headerLines: Int
        /// Lines inside the table that continue the row above (a wrapped cell).
        var continuationLines: Set<Int>
    }

    /// Lines that are too long to be a row.
    private let maximumRowCharacters = 300

    /// Tables among `lines`, skipping lines already `claimed` (headings).
    func find(in lines: [LayoutLine], claimed: [Bool]) -> [Table] {
        // The index after the row at `row` and the lines its description wraps onto, which join `continuations`.
        func afterRow(_ row: Int, continuations: inout Set<Int>) -> Int {
            var next = row + 1
            guard isKeyEntry(TableDetector.cells(lines[row].text)) else { return next }
            while next < lines.count, !claimed[next], continuesDescription(lines[next], of: lines[row]) {
                continuations.insert(next)
                next += 1
            }
            return next
        }
        var tables: [Table] = []
        var i = 0
        while i < lines.count {
            guard !claimed[i], isRow(lines[i]) else {
                i += 1
                continue
            }
            var rows = 1
            var continuations = Set<Int>()
            var end = afterRow(i, continuations: &continuations)
            while end < lines.count, !claimed[end] {
                if isRow(lines[end]) && !startsNewBlock(lines[end], after: lines[end - 1]) {
                    rows += 1
                    end = afterRow(end, continuations: &continuations)
                } else if end + 1 < lines.count, !claimed[end + 1], isRow(lines[end + 1]),
                          !startsNewBlock(lines[end + 1], after: lines[end]) {
                    if isWrappedCell(lines[end], below: lines[end - 1]) {
                        continuations.insert(end)
                    } else if !isGroupLabel(lines[end], below: lines[end - 1]) {
                        break
                    }
                    rows += 1
                    end = afterRow(end + 1, continuations: &continuations)
                } else {
                    break
                }
            }
            guard rows >= 2 else {
                i += 1
                continue
            }
            var start = i
            if i > 0, !claimed[i - 1], isHeaderAbove(lines, i) { start = i - 1 }
            tables.append(Table(lines: start..<end, headerLines: 1 + (i - start), continuationLines: continuations))
            i = end
        }
        return tables
    }

    /// The cells of a row: its text split at column gaps.
    static func cells(_ text: String) -> [String] {
        let parts = ASCIISearch.components(text, separatedBy: UnicodeCleaner.columnGapLiteral)
        guard parts.count > 1 else { return [text] }
        return parts.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    func isRow(_ line: LayoutLine) -> Bool {
        let text = line.text
        guard !TableDetector.isLonger(text, than: maximumRowCharacters), !ListMarker.starts(text),
              AdmonitionLabel.match(text) == nil else { return false }
        let cells = TableDetector.cells(text)
        if cells.count >= 3 { return true }
        if cells.count == 2, line.isAssembledRow || (cells[0].count <= 40 && cells[1].count <= 60) || isKeyEntry(cells) {
            return true
        }
        return isNumericRow(text)
    }

    /// A key and what it stands for, a column apart, however long the description ("r  read the specified device
    /// memory and write to the specified file"): a definition table's row, not prose that wraps.
    private func isKeyEntry(_ cells: [String]) -> Bool {
        cells.count == 2 && cells[0].count <= maximumKeyCharacters && !cells[0].contains(" ")
    }

    /// A key of a definition table is one short word: a letter, an option, a memory type.
    private let maximumKeyCharacters = 12

    /// Whether `next` carries on the description of the key entry `entry` ("-O  Perform a RC oscillator …
    /// application" / "note AVR053."): it stands under the description, not under the key, and is no entry of
    /// its own. It joins the entry's row, which ends where the description ends.
    ///
    /// Under the description means no more than two font sizes left of where the description starts, which the
    /// line's width gives in proportion to its characters (the cells' own positions are not kept): a paragraph
    /// after the table, its first line indented past the key ("Guarantee  2 years" / "   Dispose of the
    /// appliance …"), is not the guarantee's description.
    private func continuesDescription(_ next: LayoutLine, of entry: LayoutLine) -> Bool {
        guard next.hasGeometry, entry.hasGeometry, !next.followsGap else { return false }
        let em = max(entry.fontSize, 1)
        let cells = TableDetector.cells(entry.text)
        let characters = cells.reduce(0) { $0 + $1.count } + cells.count - 1
        let descriptionLeft = characters > 0 && entry.right > entry.left
            ? entry.left + (entry.right - entry.left) * Double(cells[0].count + 1) / Double(characters)
            : entry.left
        return next.left > entry.left + em && next.left >= descriptionLeft - 2 * em
            && TableDetector.cells(next.text).count == 1
    }

    /// "Front 230 2.3 33": three or more tokens, at least half of them numbers or values.
    func isNumericRow(_ text: String) -> Bool {
        if let answer = ASCIICharacters.read(text, TableDetector.isNumericRowASCII) { return answer }
        let tokens = text.split(separator: " ")
        guard tokens.count >= 3, tokens.count <= 24, text.last != "." else { return false }
        let numeric = tokens.filter { TableDetector.isValue($0) }.count
        return numeric >= 2 && numeric * 2 >= tokens.count
    }

    /// A number with an optional sign and unit ("2.3", "-5", "230kPa", "50%", "1/4"), or an empty-cell dash.
    static func isValue(_ token: Substring) -> Bool {
        if ["-", "–", "—", "n/a", "N/A"].contains(token) { return true }
        var rest = token
        if let first = rest.first, "+-±~≈<>≤≥".contains(first) { rest = rest.dropFirst() }
        guard let first = rest.first, first.isNumber, let last = rest.last, last != ",", last != "." else { return false }
        let body = rest.prefix { $0.isNumber || ".,/:x×%-".contains($0) }
        let unit = rest.dropFirst(body.count)
        return unit.count <= 4 && unit.allSatisfy { $0.isLetter || "°%Ω".contains($0) }
    }

    /// A row after a paragraph gap in different type starts something else.
    private func startsNewBlock(_ line: LayoutLine, after previous: LayoutLine) -> Bool {
        line.followsGap && line.hasGeometry && abs(line.fontSize - previous.fontSize) > 0.6
    }

    /// A short line between two rows is a cell's text wrapped onto a second line, unless it starts
    /// in the first column as a new name would (see `isGroupLabel`).
    private func isWrappedCell(_ line: LayoutLine, below row: LayoutLine) -> Bool {
        guard !line.followsGap, isShortText(line.text) else { return false }
        guard startsFirstColumn(line, below: row) else { return true }
        let firstCell = TableDetector.cells(row.text).first ?? row.text
        return firstCell.hasSuffix("-") || line.text.first?.isLowercase == true
    }

    /// A short title in the first column between two rows ("Interior fuse box") heads the rows below
    /// it: a row of its own, not the rest of the row above.
    private func isGroupLabel(_ line: LayoutLine, below row: LayoutLine) -> Bool {
        let text = line.text
        guard startsFirstColumn(line, below: row), isShortText(text), let last = text.last else { return false }
        return !".:;,!?".contains(last) && text.split(separator: " ").count <= 6
    }

    /// Text short enough to sit between two rows that is neither a list item nor an admonition.
    private func isShortText(_ text: String) -> Bool {
        !TableDetector.isLonger(text, than: 60) && !ListMarker.starts(text) && AdmonitionLabel.match(text) == nil
    }

    /// Whether `line` starts where the row above starts, as far as the layout tells.
    private func startsFirstColumn(_ line: LayoutLine, below row: LayoutLine) -> Bool {
        line.hasGeometry && row.hasGeometry && abs(line.left - row.left) <= 0.5 * max(line.fontSize, 1)
    }

    /// A short caption-like line right above the first row ("Tire size  kPa  bar  psi" set as one
    /// string, or "Server version") that stands apart from the prose before it.
    private func isHeaderAbove(_ lines: [LayoutLine], _ first: Int) -> Bool {
        let header = lines[first - 1]
        let text = header.text
        guard header.page == lines[first].page, !lines[first].followsGap, !TableDetector.isLonger(text, than: 80),
              let last = text.last, !".:;,!?".contains(last), text.split(separator: " ").count <= 10,
              !ListMarker.starts(text), AdmonitionLabel.match(text) == nil else { return false }
        if header.followsGap || first - 1 == 0 { return true }
        let before = lines[first - 2]
        guard before.page == header.page, let end = before.text.last else { return true }
        return ".:!?".contains(end) || before.isShort
    }
}

/// The row rules on ASCII bytes, for lines that are all ASCII (most table rows are).
extension TableDetector {
    /// Whether `text` has more than `limit` scalars; the byte count, never smaller, usually settles it.
    static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.scalarCount > limit
    }

    /// `isNumericRow` on an all-ASCII line, where every byte is a character.
    static func isNumericRowASCII(_ text: ASCIICharacters) throws(ASCIICharacters.Undecided) -> Bool {
        guard text.isPlain else { throw ASCIICharacters.Undecided() }
        let bytes = text.plainBytes
        guard bytes.last != UInt8(ascii: ".") else { return false }
        // Count the tokens first: prose lines have too many and are turned away without more work.
        var tokens = 0
        var previous = UInt8(ascii: " ")
        for byte in bytes {
            if byte != 0x20 && previous == 0x20 { tokens += 1 }
            previous = byte
        }
        guard tokens >= 3, tokens <= 24 else { return false }
        var numeric = 0
        for token in bytes.split(separator: 0x20) where isValueASCII(token) { numeric += 1 }
        return numeric >= 2 && numeric * 2 >= tokens
    }

    /// `isValue` of a token of printable ASCII (the non-ASCII signs and units cannot occur in it).
    private static func isValueASCII(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        if token.elementsEqual("-".utf8) || token.elementsEqual("n/a".utf8) || token.elementsEqual("N/A".utf8) { return true }
        var rest = token
        if let first = rest.first, "+-~<>".utf8.contains(first) { rest = rest.dropFirst() }
        guard let first = rest.first, ASCIICharacters.isDigit(first), let last = rest.last,
              last != UInt8(ascii: ","), last != UInt8(ascii: ".") else { return false }
        let body = rest.prefix { ASCIICharacters.isDigit($0) || ".,/:x%-".utf8.contains($0) }
        let unit = rest.dropFirst(body.count)
        return unit.count <= 4 && unit.allSatisfy { ASCIICharacters.isLetter($0) || $0 == UInt8(ascii: "%") }
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
