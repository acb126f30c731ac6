/// Puts back together what sits on one visual row: table cells that poppler reads column by
/// column, and pieces of a line (a section number and its title) that it reads as separate lines.
struct TableRowAssembler: Sendable {
    /// Cells are short: at most this many characters...
    private let maximumCellCharacters = 48
    /// ...and at most this share of the page's text width.
    private let maximumCellWidthShare = 0.45
    /// Fewer consecutive cells than this is a heading number and its title, not a table.
    private let minimumRegionLines = 4
    /// How many lines back a piece of the same visual line may have been read.
    private let lookBack = 3
    /// How many lines back a list's marker may have been read: a list whose bullets or step numbers are drawn
    /// apart from its items comes out as all its markers, then all its items.
    private let markerLookBack = 64

    func assemble(_ lines: [LayoutLine]) -> [LayoutLine] {
        guard lines.count > 1, lines.allSatisfy(\.hasGeometry) else { return lines }
        let textWidth = (lines.map(\.right).max() ?? 0) - (lines.map(\.left).min() ?? 0)
        // A reference card's columns each hold their own short tables: their rows are put back column by column.
        if let columns = PageColumns().split(lines, sameRow: sameRow) {
            return columns.flatMap { mergeRowNeighbours(rebuildCellRegions($0, textWidth: textWidth, inPageColumn: true)) }
        }
        return mergeRowNeighbours(rebuildCellRegions(lines, textWidth: textWidth))
    }

    // MARK: Column-major table regions

    /// `textWidth`: the page's, also when `lines` are one of its columns, so that a cell is short for the page.
    /// `inPageColumn`: `lines` are one column of a page set in columns (`PageColumns`).
    private func rebuildCellRegions(_ lines: [LayoutLine], textWidth width: Double, inPageColumn: Bool = false) -> [LayoutLine] {
        guard width > 0 else { return lines }
        func isCell(_ line: LayoutLine) -> Bool {
            line.text.scalarCount <= maximumCellCharacters
                && line.right - line.left <= maximumCellWidthShare * width
        }
        var out: [LayoutLine] = []
        out.reserveCapacity(lines.count)
        var i = 0
        while i < lines.count {
            guard isCell(lines[i]) else {
                out.append(lines[i])
                i += 1
                continue
            }
            var end = i
            while end < lines.count && isCell(lines[end]) { end += 1 }
            let run = Array(lines[i..<end])
            if run.count >= minimumRegionLines, let rebuilt = rebuildRegion(run, inPageColumn: inPageColumn) {
                out.append(contentsOf: rebuilt)
            } else {
                out.append(contentsOf: run)
            }
            i = end
        }
        return out
    }

    /// Returns the run as rows, or nil when it does not look like a table.
    private func rebuildRegion(_ run: [LayoutLine], inPageColumn: Bool) -> [LayoutLine]? {
        let grouped = groupIntoRows(run)
        let multiCell = grouped.filter { $0.count >= 2 }
        guard multiCell.count >= 2, multiCell.reduce(0, { $0 + $1.count }) * 10 >= run.count * 6 else { return nil }
        // Two columns of prose also pair up side by side; their lines are far longer than cells. Not three: a
        // troubleshooting table's "Problem | Possible cause | What to do" cells are prose that wraps, read
        // column by column, a cell's lines further apart than a line's pieces are looked for. Within one column of
        // a page set in columns, prose does not stand side by side: its columns are apart already.
        let characters = run.reduce(0) { $0 + $1.text.scalarCount }
        guard inPageColumn || characters <= 24 * run.count || grouped.filter({ $0.count >= 3 }).count >= 2 else { return nil }
        // Cells that wrap are put back first: the last row's last lines are not a closing remark.
        var rows = WrappedCellFolder(run: run).fold(grouped)
        // A lead-in sentence ("Here is a table:") or a closing remark is prose, not a row.
        var before: [LayoutLine] = [], after: [LayoutLine] = []
        while let first = rows.first, first.count == 1, endsLikeProse(first[0].text) {
            before.append(first[0])
            rows.removeFirst()
        }
        while let last = rows.last, last.count == 1, endsLikeProse(last[0].text) {
            after.insert(last[0], at: 0)
            rows.removeLast()
        }
        return before + rows.map(row) + after
    }

    private func groupIntoRows(_ run: [LayoutLine]) -> [[LayoutLine]] {
        let ordered = run.enumerated().sorted { a, b in
            let ca = (a.element.top + a.element.bottom) / 2, cb = (b.element.top + b.element.bottom) / 2
            return ca != cb ? ca < cb : a.offset < b.offset
        }.map(\.element)
        var rows: [[LayoutLine]] = []
        for line in ordered {
            if let last = rows.last, let anchor = last.first, sameRow(anchor, line) {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.map { $0.sorted { $0.left < $1.left } }
    }

    private func row(_ cells: [LayoutLine]) -> LayoutLine {
        guard cells.count > 1 else { return cells[0] }
        var line = cells.max { $0.text.scalarCount < $1.text.scalarCount } ?? cells[0]
        line.text = cells.map(\.text).joined(separator: UnicodeCleaner.columnGap)
        line.top = cells.map(\.top).min() ?? line.top
        line.bottom = cells.map(\.bottom).max() ?? line.bottom
        line.left = cells.map(\.left).min() ?? line.left
        line.right = cells.map(\.right).max() ?? line.right
        line.isBold = cells.filter(\.isBold).count * 2 > cells.count
        line.isAssembledRow = true
        line.endsWithSoftHyphen = false
        return line
    }

    private func endsLikeProse(_ text: String) -> Bool {
        guard let last = text.last else { return false }
        return ".:;!?".contains(last)
    }

    // MARK: Pieces of one line

    /// Lines side by side on the same baseline are one line ("1.2.2" + "AC Analysis"). Poppler may
    /// read a page number or a heading number between the two halves, so a line joins any of the
    /// last few lines that shares its row and ends to its left.
    private func mergeRowNeighbours(_ lines: [LayoutLine]) -> [LayoutLine] {
        var out: [LayoutLine] = []
        out.reserveCapacity(lines.count)
        for line in lines {
            let window = out.indices.suffix(lookBack).reversed()
            let neighbour = window.first(where: { sameRow(out[$0], line) }).flatMap {
                line.left >= out[$0].right - 0.5 * max(out[$0].fontSize, 1) ? $0 : nil
            }
            // A list marker read apart from its item joins the item where the item stands, so the lines an item
            // wraps onto, read after it, still follow it.
            let markerNeighbour = neighbour.flatMap { isItem(line, of: out[$0]) ? $0 : nil }
            if let mark = markerNeighbour ?? (neighbour == nil ? marker(for: line, in: out) : nil) {
                var item = line
                item.text = out[mark].text + " " + line.text
                item.left = out[mark].left
                item.top = min(item.top, out[mark].top)
                item.bottom = max(item.bottom, out[mark].bottom)
                out.remove(at: mark)
                out.append(item)
                continue
            }
            guard let target = neighbour else {
                out.append(line)
                continue
            }
            var previous = out[target]
            let gap = line.left - previous.right
            let separator = gap > max(0.8 * max(previous.fontSize, line.fontSize), 3) ? UnicodeCleaner.columnGap : " "
            let previousIsLonger = previous.text.scalarCount >= line.text.scalarCount
            previous.text += separator + line.text
            previous.top = min(previous.top, line.top)
            previous.bottom = max(previous.bottom, line.bottom)
            previous.right = max(previous.right, line.right)
            if !previousIsLonger {
                previous.fontSize = line.fontSize
                previous.isBold = line.isBold
            }
            previous.endsWithSoftHyphen = line.endsWithSoftHyphen
            previous.isAssembledRow = previous.isAssembledRow || line.isAssembledRow
            out[target] = previous
        }
        return out
    }

    /// The bare list marker ("•", "3.") read before `line` on its row, just left of it, when there is one: its
    /// item's text joins it ("• damage caused by incorrect installation …").
    private func marker(for line: LayoutLine, in out: [LayoutLine]) -> Int? {
        out.indices.suffix(markerLookBack).reversed().first { isItem(line, of: out[$0]) }
    }

    /// Whether `line` is the text of the list item `mark` marks: `mark` is a bare marker on its row, just
    /// left of it (not a dash standing for an empty table cell, whose neighbour is a column away).
    private func isItem(_ line: LayoutLine, of mark: LayoutLine) -> Bool {
        ListMarker.isBare(mark.text) && !ListMarker.isBare(line.text) && sameRow(mark, line) && line.left >= mark.right
            && line.left - mark.right <= 3 * max(mark.fontSize, line.fontSize, 1)
    }

    /// Two boxes share a row when they overlap vertically by at least half the smaller height.
    private func sameRow(_ a: LayoutLine, _ b: LayoutLine) -> Bool {
        let overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
        let smaller = min(a.height, b.height)
        if smaller <= 0 { return abs((a.top + a.bottom) - (b.top + b.bottom)) < 2 }
        return overlap >= 0.5 * smaller
    }
}
