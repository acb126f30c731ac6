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
        var distance: Double  // from the page edge, for ranking within a band
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
        for c in candidates { pagesByKey[c.key, default: []].insert(c.page) }
        var remaining: [Candidate] = []
        let pageNumberPages = pagesByKey[LinePattern.pageNumber]?.count ?? 0
        for c in candidates {
            let count = pagesByKey[c.key]?.count ?? 0
            // A bare number in the band that is the page's own number or label needs less repetition.
            let isOwnNumber = c.key == LinePattern.pageNumber && pageNumberPages >= 3 && namesPage(pages[c.page][c.line].text, c.page)
            if count >= documentThreshold || isOwnNumber {
                remove[c.page][c.line] = true
            } else {
                remaining.append(c)
            }
        }

        // Rule B: heads that change with the chapter but sit in a slot used for running heads.
        let bodySize = PageMetrics.dominantFontSize(pages.flatMap { $0 })
        let slotThreshold = max(3, Int((Double(pageCount) * slotShare).rounded(.up)))
        for slot in slots(remaining) {
            var pagesByKeyInSlot: [String: Set<Int>] = [:]
            for c in slot { pagesByKeyInSlot[c.key, default: []].insert(c.page) }
            let lines = slot.map { pages[$0.page][$0.line] }
            let medianTop = median(lines.map(\.top)), medianBottom = median(lines.map(\.bottom))
            let running = slot.indices.filter { i in
                let c = slot[i], line = lines[i]
                if (pagesByKeyInSlot[c.key]?.count ?? 0) >= 2 { return true }
                // A one-off head ("2.2. DOT COMMANDS") is only trusted with layout to back it up.
                guard line.hasGeometry, bodySize == 0 || line.fontSize <= bodySize + 0.5 else { return false }
                let samePlace = c.side == .top ? abs(line.top - medianTop) <= 3 : abs(line.bottom - medianBottom) <= 3
                return samePlace && looksLikeTitle(line.flatText)
            }
            let runningPages = Set(running.map { slot[$0].page })
            guard runningPages.count >= slotThreshold, running.count * 2 >= slot.count else { continue }
            for i in running { remove[slot[i].page][slot[i].line] = true }
        }
        return remove
    }

    /// The lines nearest each edge: up to three within the band with layout, two without.
    private func bandCandidates(_ lines: [LayoutLine], page: Int, height: Double) -> [Candidate] {
        guard !lines.isEmpty else { return [] }
        var picked: [(Int, Side, Double)] = []
        if lines.allSatisfy(\.hasGeometry) {
            let pageHeight = height > 0 ? height : (lines.map(\.bottom).max() ?? 0)
            let byTop = lines.indices.sorted { lines[$0].top != lines[$1].top ? lines[$0].top < lines[$1].top : $0 < $1 }
            for i in byTop.prefix(3) where lines[i].top <= pageHeight * bandShare {
                picked.append((i, .top, lines[i].top))
            }
            let byBottom = lines.indices.sorted { lines[$0].bottom != lines[$1].bottom ? lines[$0].bottom > lines[$1].bottom : $0 > $1 }
            for i in byBottom.prefix(3) where lines[i].bottom >= pageHeight * (1 - bandShare)
                && !picked.contains(where: { $0.0 == i }) {
                picked.append((i, .bottom, pageHeight - lines[i].bottom))
            }
        } else {
            for i in lines.indices.prefix(2) { picked.append((i, .top, Double(i))) }
            for i in lines.indices.reversed().prefix(2) where !picked.contains(where: { $0.0 == i }) {
                picked.append((i, .bottom, Double(lines.count - 1 - i)))
            }
        }
        return picked.compactMap { index, side, distance in
            let text = lines[index].text
            guard text.unicodeScalars.count <= maximumBandCharacters, !isChapterOpener(text) else { return nil }
            return Candidate(page: page, line: index, side: side, distance: distance, key: LinePattern.key(text))
        }
    }

    /// Groups candidates by edge, page parity (odd and even pages carry different heads) and rank
    /// from the edge; only the two outermost ranks can be running text.
    private func slots(_ candidates: [Candidate]) -> [[Candidate]] {
        var ranked: [[Int]: [Candidate]] = [:]
        let byPageSide = Dictionary(grouping: candidates) { [$0.page, $0.side.rawValue] }
        for (group, members) in byPageSide {
            let ordered = members.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.line < $1.line }
            for (rank, c) in ordered.prefix(2).enumerated() {
                ranked[[group[1], c.page % 2, rank], default: []].append(c)
            }
        }
        return ranked.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { key in
            ranked[key]!.sorted { $0.page < $1.page }
        }
    }

    /// A chapter or section title: numbered, introduced by CHAPTER/SECTION/APPENDIX, or an outline title.
    private func looksLikeTitle(_ text: String) -> Bool {
        var words = text.split(separator: " ").map(String.init)
        // The page number often shares the line with the head.
        if let first = words.first, LinePattern.key(first) == LinePattern.pageNumber { words.removeFirst() }
        if let last = words.last, LinePattern.key(last) == LinePattern.pageNumber { words.removeLast() }
        guard let first = words.first, words.count <= 14 else { return false }
        let lower = first.lowercased()
        if ["chapter", "section", "appendix", "part", "kapitel", "chapitre"].contains(where: { lower.hasPrefix($0) }) { return true }
        if let number = SectionNumber.parse(words.joined(separator: " ")), number.titleStartsUppercase { return true }
        return !outlineTitles.isEmpty && outlineTitles.contains(LinePattern.alphanumerics(words.joined(separator: " ")))
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
