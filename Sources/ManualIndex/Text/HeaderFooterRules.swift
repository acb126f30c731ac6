/// The three ways a band line is recognised as running text.
extension HeaderFooterDetector {
    /// Rule A: the same masked pattern on a good share of all pages; a bare page number that
    /// names its own page; a head in parts (document title + chapter title) whose parts all run.
    /// Returns which candidates it removed.
    func removeFrequentPatterns(_ candidates: [Candidate], in pages: [[LayoutLine]],
                                marking remove: inout [[Bool]]) -> [Bool] {
        let threshold = max(3, Int((Double(pages.count) * documentShare).rounded(.up)))
        let cells = candidates.map { TableDetector.cells(pages[$0.page][$0.line].text) }
        let cellKeys = cells.map { $0.count > 1 ? $0.map(LinePattern.key) : [] }
        var pagesByKey: [String: Set<Int>] = [:]
        for (index, c) in candidates.enumerated() {
            for key in Set([c.key] + cellKeys[index]) { pagesByKey[key, default: []].insert(c.page) }
        }
        func isFrequent(_ key: String) -> Bool { (pagesByKey[key]?.count ?? 0) >= threshold }
        let pageNumberPages = pagesByKey[LinePattern.pageNumber]?.count ?? 0

        var removed = Array(repeating: false, count: candidates.count)
        for (index, c) in candidates.enumerated() {
            let line = pages[c.page][c.line]
            let ownNumber = c.key == LinePattern.pageNumber && pageNumberPages >= 3 && text.namesPage(line.text, page: c.page)
            // Without layout, a bare number away from the edge is more likely a heading's number ("4" above "Wheels").
            if c.key == LinePattern.pageNumber, !line.hasGeometry, c.rank > 0, !ownNumber { continue }
            let keys = cellKeys[index]
            let partsRun = keys.contains(where: isFrequent) && zip(keys, cells[index]).allSatisfy { key, cell in
                isFrequent(key) || key == LinePattern.pageNumber || text.looksLikeTitle(cell)
            }
            if isFrequent(c.key) || ownNumber || partsRun {
                removed[index] = true
                remove[c.page][c.line] = true
            }
        }
        return removed
    }

    /// Rule B: heads that change with the chapter ("CHAPTER 2. CIRCUIT DESCRIPTION", "2.2. DOT
    /// COMMANDS"), in a band that carries running text on many pages of the same parity. A head
    /// repeated within its chapter counts; a one-off title counts where layout shows it sits
    /// exactly where the band's running text sits, in type no larger than the body's.
    func removeChapterHeads(_ candidates: [Candidate], frequent: [Bool], in pages: [[LayoutLine]],
                            marking remove: inout [[Bool]]) {
        let bodySize = PageMetrics.dominantFontSize(pages.joined())
        let threshold = max(3, Int((Double(pages.count) * slotShare).rounded(.up)))
        for slot in slots(candidates) {
            var pagesByKey: [String: Set<Int>] = [:]
            for i in slot { pagesByKey[candidates[i].key, default: []].insert(candidates[i].page) }
            let lines = slot.map { pages[candidates[$0].page][candidates[$0].line] }
            let titles = lines.map { text.looksLikeTitle($0.flatText) }
            let repeated = slot.map { runsThroughAChapter(pagesByKey[candidates[$0].key] ?? []) }
            // Where this band's running text sits, from the lines that surely are running text.
            var anchors = slot.indices.filter { frequent[slot[$0]] || repeated[$0] && titles[$0] }
            if anchors.isEmpty { anchors = slot.indices.filter { titles[$0] } }
            let top = median(anchors.map { lines[$0].top }), bottom = median(anchors.map { lines[$0].bottom })
            let running = slot.indices.filter { i in
                if frequent[slot[i]] { return true }
                guard titles[i] else { return false }
                let line = lines[i]
                // Without layout, a one-off is trusted in capitals, as running heads are often set, or
                // as the last line of a page, where typesetters never leave a heading.
                guard line.hasGeometry else {
                    return repeated[i] || !line.text.contains(where: \.isLowercase)
                        || candidates[slot[i]].side == .bottom && isOutermost(slot[i], among: candidates, removed: remove)
                }
                let samePlace = candidates[slot[i]].side == .top ? abs(line.top - top) <= 3 : abs(line.bottom - bottom) <= 3
                return samePlace && (bodySize == 0 || line.fontSize <= bodySize + 0.5)
            }
            let runningPages = Set(running.map { candidates[slot[$0]].page })
            let slotPages = Set(slot.map { candidates[$0].page })
            guard runningPages.count >= threshold, runningPages.count * 2 >= slotPages.count else { continue }
            for i in running { remove[candidates[slot[i]].page][candidates[slot[i]].line] = true }
        }
    }

    /// Rule C: a running head whose page number lost its space ("Network UPS Tools User Manualix").
    func removeGluedPageNumbers(_ candidates: [Candidate], in pages: [[LayoutLine]], marking remove: inout [[Bool]]) {
        var heads = Set<String>()
        for c in candidates where remove[c.page][c.line] && c.key != LinePattern.pageNumber {
            let head = String(LinePattern.alphanumerics(pages[c.page][c.line].text).filter { !$0.isNumber })
            if head.count >= 10 { heads.insert(head) }
        }
        guard !heads.isEmpty else { return }
        for c in candidates where !remove[c.page][c.line] {
            let line = LinePattern.alphanumerics(pages[c.page][c.line].text)
            if heads.contains(where: { line.hasPrefix($0) && text.isBarePageNumber(String(line.dropFirst($0.count))) }) {
                remove[c.page][c.line] = true
            }
        }
    }

    /// Whether no line between this candidate and its page edge is left after earlier rules.
    private func isOutermost(_ index: Int, among candidates: [Candidate], removed: [[Bool]]) -> Bool {
        let c = candidates[index]
        return !candidates.contains { other in
            other.page == c.page && other.side == c.side && other.rank < c.rank && !removed[other.page][other.line]
        }
    }

    /// A chapter's running head is on most pages of its parity from its first page to its last; a
    /// section name that recurs across chapters ("2.5.3 Discussion", "4.1.2 Discussion") is not.
    private func runsThroughAChapter(_ pages: Set<Int>) -> Bool {
        guard pages.count >= 2, let first = pages.min(), let last = pages.max() else { return false }
        return pages.count * 2 >= (last - first) / 2 + 1
    }

    /// Candidate indices grouped by edge and page parity: odd and even pages carry different heads.
    private func slots(_ candidates: [Candidate]) -> [[Int]] {
        let grouped = Dictionary(grouping: candidates.indices) { [candidates[$0].side.rawValue, candidates[$0].page % 2] }
        return grouped.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { grouped[$0]!.sorted() }
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
