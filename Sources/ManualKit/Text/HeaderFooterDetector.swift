import Foundation

/// Finds running headers, footers and page numbers: lines in the top or bottom band of a page
/// whose masked pattern repeats on many pages.
///
/// Nothing is removed on the strength of one page: a pattern must recur on at least
/// `max(3, 30%)` of the pages, or sit in a band slot (same edge, same page parity, same place)
/// that carries a running head on many pages, as chapter-dependent heads do.
struct HeaderFooterDetector: Sendable {
    /// Titles from the PDF outline, as `LinePattern.alphanumerics`, to recognise chapter-name heads.
    var outlineTitles: Set<String> = []
    /// Per page (same order as the pages): the physical number and printed label, lowercased.
    var pageNames: [[String]] = []

    /// Share of pages a pattern must appear on to be removed everywhere.
    private let documentShare = 0.3
    /// Share of pages a band slot must carry running heads on.
    private let slotShare = 0.15
    /// How far into the page the bands reach, as a share of its height.
    private let bandShare = 0.15
    /// Band lines are short; a long line at the top is body text.
    private let maximumBandCharacters = 150

    private enum Side: Int, Comparable {
        case top = 0, bottom = 1
        static func < (a: Side, b: Side) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Candidate {
        var page: Int      // index into the pages array
        var line: Int      // index into that page's lines
        var side: Side
        var key: String
    }

    /// Returns, per page, which lines are running text to drop.
    func runningLines(in pages: [[LayoutLine]], pageHeights: [Double]) -> [[Bool]] {
        var remove = pages.map { Array(repeating: false, count: $0.count) }
        let pageCount = pages.count
        guard pageCount >= 3 else { return remove }
        let candidates = pages.indices.flatMap { 
            bandCandidates(pages[$0], page: $0, height: $0 < pageHeights.count ? pageHeights[$0] : 0)
        }

        // Rule A: the same masked pattern on a good share of all pages.
        let documentThreshold = max(3, Int((Double(pageCount) * documentShare).rounded(.up)))
        var pagesByKey: [String: Set<Int>] = [:]
        // A head set in two parts ("Owner's Manual ... 4 Wheels and Tires") also counts part by part.
        let cellKeys = candidates.map { c -> [String] in
            let cells = TableDetector.cells(pages[c.page][c.line].text)
            return cells.count > 1 ? cells.map(LinePattern.key) : []
        }
        for (index, c) in candidates.enumerated() {
            for key in Set([c.key] + cellKeys[index]) { pagesByKey[key, default: []].insert(c.page) }
        }
        let pageNumberPages = pagesByKey[LinePattern.pageNumber]?.count ?? 0
        var removedByA = Array(repeating: false, count: candidates.count)
        for (index, c) in candidates.enumerated() {
            let count = pagesByKey[c.key]?.count ?? 0
            // A bare number in the band that is the page's own number or label needs less repetition.
            let isOwnNumber = c.key == LinePattern.pageNumber && pageNumberPages >= 3
                && namesPage(pages[c.page][c.line].text, c.page)
            let cells = cellKeys[index]
            let frequent = { (key: String) in (pagesByKey[key]?.count ?? 0) >= documentThreshold }
            // Every part is running text: a frequent head beside a chapter title or a page number.
            let partsRun = cells.contains(where: frequent) && zip(cells, TableDetector.cells(pages[c.page][c.line].text)).allSatisfy { key, cell in
                frequent(key) || key == LinePattern.pageNumber || looksLikeTitle(cell)
            }
            if count >= documentThreshold || isOwnNumber || partsRun {
                removedByA[index] = true
                remove[c.page][c.line] = true
            }
        }

        // Rule B: heads that change with the chapter ("CHAPTER 2. CIRCUIT DESCRIPTION", "2.2. DOT
        // COMMANDS") in a band that carries running text on many pages of the same parity.
        let bodySize = PageMetrics.dominantFontSize(pages.flatMap { $0 })
        let slotThreshold = max(3, Int((Double(pageCount) * slotShare).rounded(.up)))
        for slot in slots(candidates.indices.map { ($0, candidates[$0]) }) {
            var pagesByKeyInSlot: [String: Set<Int>] = [:]
            for (_, c) in slot { pagesByKeyInSlot[c.key, default: []].insert(c.page) }
            let lines = slot.map { pages[$0.1.page][$0.1.line] }
            let titles = lines.map { looksLikeTitle($0.flatText) }
            let repeated = slot.map { (pagesByKeyInSlot[$0.1.key]?.count ?? 0) >= 2 }
            // Where the running text of this slot sits, from the lines that are surely running text.
            var anchors = slot.indices.filter { removedByA[slot[$0].0] || repeated[$0] && titles[$0] }
            if anchors.isEmpty { anchors = slot.indices.filter { titles[$0] } }
            let anchorTop = median(anchors.map { lines[$0].top }), anchorBottom = median(anchors.map { lines[$0].bottom })
            let running = slot.indices.filter { i in
                if removedByA[slot[i].0] { return true }
                guard titles[i] else { return false }
                let line = lines[i]
                // Without layout, a one-off is trusted only in capitals, as running heads are often set.
                guard line.hasGeometry else { return repeated[i] || !line.text.contains(where: \.isLowercase) }
                // Section headings near the top are set larger, or lower than the running head.
                let samePlace = slot[i].1.side == .top ? abs(line.top - anchorTop) <= 3 : abs(line.bottom - anchorBottom) <= 3
                return samePlace && (bodySize == 0 || line.fontSize <= bodySize + 0.5)
            }
            let runningPages = Set(running.map { slot[$0].1.page })
            let slotPages = Set(slot.map(\.1.page))
            guard runningPages.count >= slotThreshold, runningPages.count * 2 >= slotPages.count else { continue }
            for i in running { remove[slot[i].1.page][slot[i].1.line] = true }
        }

        // Rule C: a running head whose page number lost its space ("User Manualix").
        var stems = Set<String>()
        for c in candidates where remove[c.page][c.line] && c.key != LinePattern.pageNumber {
            let stem = String(LinePattern.alphanumerics(pages[c.page][c.line].text).filter { !$0.isNumber })
            if stem.count >= 10 { stems.insert(stem) }
        }
        for c in candidates where !remove[c.page][c.line] && !stems.isEmpty {
            let text = LinePattern.alphanumerics(pages[c.page][c.line].text)
            if stems.contains(where: { text.hasPrefix($0) && isPageNumber(String(text.dropFirst($0.count))) }) {
                remove[c.page][c.line] = true
            }
        }
        return remove
    }

    private func isPageNumber(_ text: String) -> Bool {
        !text.isEmpty && (text.allSatisfy(\.isNumber) || LinePattern.isRomanNumeral(text))
    }

    /// The lines nearest each edge: up to three, and with layout only those within the band.
    private func bandCandidates(_ lines: [LayoutLine], page: Int, height: Double) -> [Candidate] {
        guard !lines.isEmpty else { return [] }
        var picked: [(Int, Side)] = []
        if lines.allSatisfy(\.hasGeometry) {
            let pageHeight = height > 0 ? height : (lines.map(\.bottom).max() ?? 0)
            let byTop = lines.indices.sorted { lines[$0].top != lines[$1].top ? lines[$0].top < lines[$1].top : $0 < $1 }
            for i in byTop.prefix(3) where lines[i].top <= pageHeight * bandShare {
                picked.append((i, .top))
            }
            let byBottom = lines.indices.sorted { lines[$0].bottom != lines[$1].bottom ? lines[$0].bottom > lines[$1].bottom : $0 > $1 }
            for i in byBottom.prefix(3) where lines[i].bottom >= pageHeight * (1 - bandShare)
                && !picked.contains(where: { $0.0 == i }) {
                picked.append((i, .bottom))
            }
        } else {
            for i in lines.indices.prefix(3) { picked.append((i, .top)) }
            for i in lines.indices.reversed().prefix(3) where !picked.contains(where: { $0.0 == i }) {
                picked.append((i, .bottom))
            }
        }
        return picked.compactMap { index, side in
            let text = lines[index].text
            guard text.unicodeScalars.count <= maximumBandCharacters, !isChapterOpener(text) else { return nil }
            return Candidate(page: page, line: index, side: side, key: LinePattern.key(text))
        }
    }

    /// Groups candidates (with their index) by edge and page parity: odd and even pages carry different heads.
    private func slots(_ candidates: [(Int, Candidate)]) -> [[(Int, Candidate)]] {
        let grouped = Dictionary(grouping: candidates) { [$0.1.side.rawValue, $0.1.page % 2] }
        return grouped.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { key in
            grouped[key]!.sorted { $0.0 < $1.0 }
        }
    }

    /// A chapter or section title: numbered, introduced by CHAPTER/SECTION/APPENDIX, or an outline
    /// title; with or without the page number that often shares its line.
    private func looksLikeTitle(_ text: String) -> Bool {
        if isTitle(text) { return true }
        var words = text.split(separator: " ").map(String.init)
        if let first = words.first, LinePattern.key(first) == LinePattern.pageNumber { words.removeFirst() }
        if let last = words.last, LinePattern.key(last) == LinePattern.pageNumber { words.removeLast() }
        return isTitle(words.joined(separator: " "))
    }

    private func isTitle(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard let first = words.first, words.count <= 14 else { return false }
        let lower = first.lowercased()
        if ["chapter", "section", "appendix", "part", "kapitel", "chapitre"].contains(where: { lower.hasPrefix($0) }) { return true }
        if let number = SectionNumber.parse(text), number.titleStartsUppercase { return true }
        return !outlineTitles.isEmpty && outlineTitles.contains(LinePattern.alphanumerics(text))
    }

    private func namesPage(_ text: String, _ page: Int) -> Bool {
        guard page < pageNames.count else { return false }
        let number = text.lowercased().split { !$0.isLetter && !$0.isNumber }.first { $0.first?.isNumber == true || LinePattern.isRomanNumeral(String($0)) }
        return number.map { pageNames[page].contains(String($0)) } ?? false
    }

    /// "CHAPTER" / "FOUR" above a chapter title repeat on every opener page, but they are content.
    private func isChapterOpener(_ text: String) -> Bool {
        let classifier = HeadingLineClassifier()
        return classifier.isOpenerPart(text) && LinePattern.key(text) != LinePattern.pageNumber
    }

    private func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
