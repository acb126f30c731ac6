/// The columns of a page set in several columns that each hold short tables of their own, as a reference
/// card is set ("C-k  kill to the end of the line" in the first column, "sparse (...)  create a sparse
/// matrix." in the third).
///
/// `TableRowAssembler` puts back rows from cells that share a height on the page. Across page columns that
/// joins unrelated cells ("Starting Octave | C-y | yank the most recently killed text"), so such a page's
/// columns are assembled one by one. A page whose columns are a single table's columns is left whole: each
/// of its columns is a list of cells with no rows of its own, and where a title reaching over some of them
/// leaves two halves that do hold rows, the halves are not set alike (a card's columns put every description
/// at one distance from its key).
struct PageColumns: Sendable {
    /// A gutter is at least this many times the page's usual font size wide.
    private let minimumGutterEms = 1.5
    /// A footer or a title may run across a gutter; more lines than this do not.
    private let crossingLines = 2
    /// A page column is at least this share of the text width: narrower, it is a table's column.
    private let minimumColumnShare = 0.2
    /// A page column holds at least this many rows of two or more pieces side by side.
    private let minimumRowsPerColumn = 3
    /// A page's columns are set to one width: the widest is at most this many times the narrowest. A table's
    /// columns are as wide as their cells.
    private let widthRatio = 1.25

    /// The page's lines split into its columns, left to right, each in poppler's order; nil when the page is
    /// not set in columns that each hold rows of their own.
    func split(_ lines: [LayoutLine], sameRow: (LayoutLine, LayoutLine) -> Bool) -> [[LayoutLine]]? {
        guard lines.count >= 2 * minimumRowsPerColumn * 2 else { return nil }
        let em = em(lines)
        let gutters = findGutters(lines, em: em)
        guard !gutters.isEmpty else { return nil }
        // Each column as the indices of its lines, in poppler's order.
        var columns = Array(repeating: [Int](), count: gutters.count + 1)
        for (index, line) in lines.enumerated() {
            let centre = (line.left + line.right) / 2
            columns[gutters.filter { $0 < centre }.count].append(index)
        }
        func holdsRows(_ column: [Int]) -> Bool {
            rowsSideBySide(column.map { lines[$0] }, sameRow: sameRow) >= minimumRowsPerColumn
        }
        var holds = columns.map(holdsRows)
        // A table's columns hold no rows of their own: a page none of whose strips does is one table.
        guard holds.contains(true) else { return nil }
        // A strip of keys whose headings do not reach over to their descriptions stands apart from them: it
        // belongs to the column on its right.
        var index = 0
        while columns.count > 1 && index < columns.count {
            if holds[index] {
                index += 1
                continue
            }
            let neighbour = index + 1 < columns.count ? index + 1 : index - 1
            columns[neighbour] = (columns[neighbour] + columns[index]).sorted()
            holds[neighbour] = holdsRows(columns[neighbour])
            columns.remove(at: index)
            holds.remove(at: index)
            index = min(index, neighbour)
        }
        guard columns.count > 1 else { return nil }
        let textLeft = lines.map(\.left).min() ?? 0, textRight = lines.map(\.right).max() ?? 0
        let widths = columns.map { column in width(of: column.map { lines[$0] }) }
        guard let narrowest = widths.min(), let widest = widths.max(), narrowest >= minimumColumnShare * (textRight - textLeft),
              widest <= widthRatio * narrowest else { return nil }
        let split = columns.map { $0.map { lines[$0] } }
        return setAlike(split, em: em) ? split : nil
    }

    /// The middles of the vertical strips, inside the text's width, that at most `crossingLines` lines cross.
    /// `em`: the page's usual font size.
    private func findGutters(_ lines: [LayoutLine], em: Double) -> [Double] {
        // Sweep the lines' left and right edges: a strip's crossing count changes only at an edge.
        var edges: [(x: Double, delta: Int)] = []
        edges.reserveCapacity(2 * lines.count)
        for line in lines where line.right > line.left {
            edges.append((line.left, 1))
            edges.append((line.right, -1))
        }
        edges.sort { $0.x != $1.x ? $0.x < $1.x : $0.delta > $1.delta }
        var gutters: [Double] = []
        var crossing = 0
        var openedAt: Double?
        for (index, edge) in edges.enumerated() {
            crossing += edge.delta
            let isLast = index == edges.count - 1
            if crossing <= crossingLines, openedAt == nil, !isLast {
                openedAt = edge.x
            } else if crossing > crossingLines, let start = openedAt {
                if edge.x - start >= minimumGutterEms * em { gutters.append((start + edge.x) / 2) }
                openedAt = nil
            }
        }
        return gutters
    }

    /// Whether the columns are set alike: a card's columns put their descriptions at one distance from their
    /// keys ("C-k" at 282, "kill to the end of the line" at 356; "sparse (...)" at 546, its description at 620).
    /// The halves of one table that a gutter seems to part ("# Name Direction" and "Type Description") do not.
    private func setAlike(_ columns: [[LayoutLine]], em: Double) -> Bool {
        // Stops a few points apart are numbers set flush right or words centred in one column, not two columns.
        let offsets = columns.map { tabOffsets($0).filter { $0 >= minimumTabEms * em } }
        guard let first = offsets.first else { return false }
        return first.contains { offset in
            offsets.dropFirst().allSatisfy { others in others.contains { abs($0 - offset) <= tabTolerance } }
        }
    }

    /// A description stands at least this many times the font size from its key.
    private let minimumTabEms = 2.0
    /// Left edges closer than this are one tab stop.
    private let tabTolerance = 2.0

    /// The distances of a column's tab stops (left edges that three or more of its lines share) from its first.
    private func tabOffsets(_ column: [LayoutLine]) -> [Double] {
        var stops: [Double] = []
        var group: [Double] = []
        for left in column.map(\.left).sorted() {
            if let last = group.last, left - last > tabTolerance {
                if group.count >= 3 { stops.append(group[0]) }
                group = []
            }
            group.append(left)
        }
        if group.count >= 3 { stops.append(group[0]) }
        guard let anchor = stops.first else { return [] }
        return stops.dropFirst().map { $0 - anchor }
    }

    /// How wide most of a column's lines reach: from the tenth percentile of their left edges to the ninetieth
    /// of their right ones, so that a line or two from a column that is nearly empty (a section's last row at the
    /// top of the next column) does not widen the column it is read with.
    private func width(of column: [LayoutLine]) -> Double {
        let lefts = column.map(\.left).sorted(), rights = column.map(\.right).sorted()
        return rights[(rights.count - 1) * 9 / 10] - lefts[(lefts.count - 1) / 10]
    }

    /// The page's usual font size.
    private func em(_ lines: [LayoutLine]) -> Double {
        let sizes = lines.map(\.fontSize).sorted()
        return max(sizes[sizes.count / 2], 1)
    }

    /// How many rows of a column hold two or more of its lines side by side.
    private func rowsSideBySide(_ column: [LayoutLine], sameRow: (LayoutLine, LayoutLine) -> Bool) -> Int {
        let ordered = column.sorted { ($0.top + $0.bottom, $0.left) < ($1.top + $1.bottom, $1.left) }
        var rows = 0
        var index = 0
        while index < ordered.count {
            var end = index + 1
            while end < ordered.count && sameRow(ordered[index], ordered[end]) { end += 1 }
            if end - index >= 2 { rows += 1 }
            index = end
        }
        return rows
    }
}
