/// Finds running headers, footers and page numbers: lines in the top or bottom band of a page
/// whose masked pattern repeats on many pages.
///
/// Nothing is removed on the strength of one page: a pattern must recur on at least
/// `max(3, 30%)` of the pages, or sit in a band (same edge, same page parity, same place) that
/// carries running text on many pages, as chapter-dependent heads do.
struct HeaderFooterDetector: Sendable {
    /// What titles and page numbers of this document look like.
    var text = RunningHeadText()

    /// Share of pages a pattern must appear on to be removed everywhere.
    let documentShare = 0.3
    /// Share of pages a band of one parity must carry running heads on.
    let slotShare = 0.15
    /// How far into the page the bands reach, as a share of its height.
    let bandShare = 0.15
    /// Band lines are short; a long line at the top is body text.
    let maximumBandCharacters = 150

    enum Side: Int {
        case top = 0, bottom = 1
    }

    /// A line near the top or bottom edge that may be running text.
    struct Candidate {
        /// Index into the pages array.
        var page: Int
        /// Index into that page's lines.
        var line: Int
        var side: Side
        /// 0 for the line nearest the edge, then 1, 2.
        var rank: Int
        var key: String
    }

    /// Returns, per page, which lines are running text to drop.
    func runningLines(in pages: [[LayoutLine]], pageHeights: [Double]) -> [[Bool]] {
        var remove = pages.map { Array(repeating: false, count: $0.count) }
        guard pages.count >= 3 else { return remove }
        let candidates = pages.indices.flatMap { index in
            bandCandidates(pages[index], page: index, height: index < pageHeights.count ? pageHeights[index] : 0)
        }
        let frequent = removeFrequentPatterns(candidates, in: pages, marking: &remove)
        removeChapterHeads(candidates, frequent: frequent, in: pages, marking: &remove)
        removeGluedPageNumbers(candidates, in: pages, marking: &remove)
        // Running heads frame a page's text; when they would be all of it, on every page, what repeats
        // is the text itself (a catalogue of one-line entries, a form), not a frame around it.
        guard remove.joined().contains(false) else { return pages.map { Array(repeating: false, count: $0.count) } }
        return remove
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
            let byBottom = lines.indices.sorted {
                lines[$0].bottom != lines[$1].bottom ? lines[$0].bottom > lines[$1].bottom : $0 > $1
            }
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
        var ranks: [Side: Int] = [:]
        return picked.compactMap { index, side in
            let rank = ranks[side, default: 0]
            ranks[side] = rank + 1
            let line = lines[index].text
            guard line.scalarCount <= maximumBandCharacters, !text.isChapterOpener(line) else { return nil }
            return Candidate(page: page, line: index, side: side, rank: rank, key: LinePattern.key(line))
        }
    }
}
