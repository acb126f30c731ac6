/// The cleanup stage's result: the lines that carry content, in reading order, and where each page's are.
struct CleanedDocument: Sendable {
    /// Cleaned lines of the whole document, page after page.
    var lines: [LayoutLine]
    /// The range of `lines` holding each page's, same count and order as the input pages.
    var pageRanges: [Range<Int>]
    /// Running header, footer and page-number lines that were dropped.
    var removedLines: Int
    /// The words known when cleanup started, and this document's.
    var vocabulary = HyphenationVocabulary()

    /// Each page's text after cleanup, one line per line, whitespace collapsed.
    var pageTexts: [String] {
        pageRanges.map { range in lines[range].map(\.flatText).joined(separator: "\n") }
    }
}

/// Cleanup: Unicode, running heads and footers, broken words. Page identity stays outside the text.
struct PageCleanup: Sendable {
    func clean(pages: [Page], outline: [OutlineEntry]) -> CleanedDocument {
        clean(pages: pages, lines: pages.map(PageLineReader().read), outline: outline)
    }

    /// Cleans pages whose lines `PageLineReader` has read already (same count and order as `pages`);
    /// `knownWords` are those of earlier windows of the same document.
    ///
    /// The lines are taken over and reworked in place: a document's lines are the largest thing an
    /// ingest holds, and every extra copy of them costs as much as the text itself.
    func clean(pages: [Page], lines linesPerPage: consuming [[LayoutLine]], outline: [OutlineEntry],
               knownWords: HyphenationVocabulary = HyphenationVocabulary()) -> CleanedDocument {
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
        let counts = linesPerPage.map(\.count)
        var stream: [LayoutLine] = []
        stream.reserveCapacity(counts.reduce(0, +))
        for p in linesPerPage.indices {
            stream.append(contentsOf: linesPerPage[p])
            linesPerPage[p] = []
        }
        var vocabulary = knownWords
        vocabulary.add(lines: stream.map(\.text))
        Dehyphenator(vocabulary: vocabulary).apply(to: &stream)

        // Lines emptied by dehyphenation go; the rest move down in place.
        var pageRanges: [Range<Int>] = []
        pageRanges.reserveCapacity(pages.count)
        var read = 0, write = 0
        for p in pages.indices {
            let start = write
            for _ in 0..<(p < counts.count ? counts[p] : 0) {
                if !stream[read].text.isEmpty {
                    stream[write] = stream[read]
                    write += 1
                }
                read += 1
            }
            if write > start {
                // What opens a page follows the page break, not a gap the dropped head left behind.
                stream[start].followsGap = false
                PageMetrics.markShortLines(&stream[start..<write])
            }
            pageRanges.append(start..<write)
        }
        stream.removeSubrange(write...)
        return CleanedDocument(lines: stream, pageRanges: pageRanges, removedLines: removed, vocabulary: vocabulary)
    }
}
