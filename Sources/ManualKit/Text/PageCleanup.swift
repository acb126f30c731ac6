/// The cleanup stage's result: the lines that carry content, page by page.
struct CleanedDocument: Sendable {
    /// Cleaned lines per page, same count and order as the input pages.
    var pages: [[LayoutLine]]
    /// Running header, footer and page-number lines that were dropped.
    var removedLines: Int

    /// Each page's text after cleanup, one line per line, whitespace collapsed.
    var pageTexts: [String] {
        pages.map { lines in lines.map(\.flatText).joined(separator: "\n") }
    }
}

/// Cleanup: Unicode, running heads and footers, broken words. Page identity stays outside the text.
struct PageCleanup: Sendable {
    func clean(pages: [Page], outline: [OutlineEntry]) -> CleanedDocument {
        clean(pages: pages, lines: pages.map(PageLineReader().read), outline: outline)
    }

    /// Cleans pages whose lines `PageLineReader` has read already (same count and order as `pages`).
    func clean(pages: [Page], lines: [[LayoutLine]], outline: [OutlineEntry]) -> CleanedDocument {
        var linesPerPage = lines

        let running = RunningHeadText(outlineTitles: Set(outline.map { LinePattern.alphanumerics($0.title) }),
                                      pageNames: pages.map { [String($0.number)] + ($0.label.map { [$0.lowercased()] } ?? []) })
        let detector = HeaderFooterDetector(text: running)
        let drop = detector.runningLines(in: linesPerPage, pageHeights: pages.map(\.height))
        var removed = 0
        for p in linesPerPage.indices {
            let before = linesPerPage[p].count
            linesPerPage[p] = linesPerPage[p].indices.filter { !drop[p][$0] }.map { linesPerPage[p][$0] }
            removed += before - linesPerPage[p].count
        }

        // Words break across page ends too, so dehyphenate the document as one stream.
        var stream = linesPerPage.flatMap { $0 }
        let vocabulary = HyphenationVocabulary(lines: stream.map(\.text))
        Dehyphenator(vocabulary: vocabulary).apply(to: &stream)

        var cleaned = Array(repeating: [LayoutLine](), count: pages.count)
        var cursor = 0
        for p in linesPerPage.indices {
            for _ in linesPerPage[p].indices {
                let line = stream[cursor]
                cursor += 1
                if !line.text.isEmpty { cleaned[p].append(line) }
            }
            // What opens a page follows the page break, not a gap the dropped head left behind.
            if !cleaned[p].isEmpty { cleaned[p][0].followsGap = false }
            PageMetrics.markShortLines(&cleaned[p])
        }
        return CleanedDocument(pages: cleaned, removedLines: removed)
    }
}
