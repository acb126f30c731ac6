/// Turns a `Page` into cleaned `LayoutLine`s: from its layout lines, or from its text when it has none.
package struct PageLineReader: Sendable {
    private let cleaner = UnicodeCleaner()

    package init() {}

    package func read(_ page: Page) -> [LayoutLine] {
        page.lines.isEmpty ? readText(page) : readLayout(page)
    }

    private func readLayout(_ page: Page) -> [LayoutLine] {
        var lines: [LayoutLine] = []
        lines.reserveCapacity(page.lines.count)
        for source in page.lines {
            let cleaned = cleaner.clean(source.text)
            guard !cleaned.text.isEmpty else { continue }
            lines.append(LayoutLine(text: cleaned.text, page: page.number,
                                    top: finite(source.top), bottom: finite(source.bottom),
                                    left: finite(source.left), right: finite(source.right),
                                    fontSize: max(finite(source.fontSize), 0), isBold: source.isBold,
                                    endsWithSoftHyphen: cleaned.endsWithSoftHyphen))
        }
        lines = TableRowAssembler().assemble(lines)
        markVerticalGaps(&lines)
        return lines
    }

    /// Without layout, poppler's blank lines are the only paragraph signal there is.
    private func readText(_ page: Page) -> [LayoutLine] {
        var lines: [LayoutLine] = []
        var sawBlank = false
        for raw in page.text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }) {
            let cleaned = cleaner.clean(String(raw))
            guard !cleaned.text.isEmpty else {
                sawBlank = true
                continue
            }
            var line = LayoutLine(text: cleaned.text, page: page.number, endsWithSoftHyphen: cleaned.endsWithSoftHyphen)
            line.followsGap = sawBlank && !lines.isEmpty
            lines.append(line)
            sawBlank = false
        }
        return lines
    }

    /// A paragraph gap is clearly wider than the page's usual gap between lines of the same size.
    private func markVerticalGaps(_ lines: inout [LayoutLine]) {
        guard lines.count > 1 else { return }
        var gaps: [Double] = []
        for i in 1..<lines.count {
            let a = lines[i - 1], b = lines[i]
            let gap = b.top - a.bottom
            if gap >= 0, gap <= 2 * max(a.fontSize, 1), abs(a.fontSize - b.fontSize) < 0.6 {
                gaps.append(gap)
            }
        }
        gaps.sort()
        for i in 1..<lines.count {
            let a = lines[i - 1], b = lines[i]
            let size = max(b.fontSize, a.fontSize, 1)
            let usual = gaps.isEmpty ? 0.25 * size : gaps[gaps.count / 2]
            let gap = b.top - a.bottom
            lines[i].followsGap = gap > max(usual * 1.6 + 0.15 * size, usual + 0.45 * size)
        }
    }

    private func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
