/// Places PDF outline entries on the lines that print them.
///
/// Each entry is looked for on its own page (then the first lines of the next, for bookmarks that
/// point at the bottom of the previous page). An entry whose title is nowhere to be found still
/// opens its section at the top of its page, with the outline title as its heading sentence.
struct OutlineHeadingPlacer: Sendable {
    private let matcher = OutlineTitleMatcher()
    private let classifier = HeadingLineClassifier()
    /// How far into the next page a displaced title is looked for.
    private let nextPageLines = 5

    func place(_ entries: [OutlineEntry], in lines: [LayoutLine]) -> [HeadingMark] {
        let pageRanges = PageRanges(lines)
        var claimed = Array(repeating: false, count: lines.count)
        var resumeAt: [Int: Int] = [:]  // per page: just after the last title found there
        var marks: [(order: Int, mark: HeadingMark)] = []
        let texts = MatchableLines(lines, matcher: matcher)

        for (order, entry) in entries.enumerated() {
            let key = matcher.key(entry.title)
            var found: (line: Int, match: OutlineTitleMatcher.Match)?
            for (page, limit) in [(entry.page, Int.max), (entry.page + 1, nextPageLines)] {
                guard found == nil, let range = pageRanges.range(of: page) else { continue }
                let searchable = range.lowerBound..<min(range.upperBound, range.lowerBound + min(limit, range.count))
                let resume = min(max(resumeAt[page] ?? searchable.lowerBound, searchable.lowerBound), searchable.upperBound)
                let sequence = Array(resume..<searchable.upperBound) + Array(searchable.lowerBound..<resume)
                found = best(sequence.compactMap { i -> (Int, OutlineTitleMatcher.Match)? in
                    guard !claimed[i], let m = matcher.match(key: key, lines: i..<searchable.upperBound, in: texts),
                          !claimed[i..<i + m.lineCount].contains(true) else { return nil }
                    return (i, m)
                }, lines: lines)
            }
            let title = Self.tidy(entry.title)
            guard let (line, match) = found else {
                let at = pageRanges.firstLine(onOrAfter: entry.page) ?? lines.count
                marks.append((order, HeadingMark(line: at, lineCount: 0, title: title, text: title,
                                                 level: entry.level, page: entry.page)))
                continue
            }
            var start = line
            // "CHAPTER" / "FOUR" set above the title belong to the heading.
            while start > line - 2, start - 1 >= 0, !claimed[start - 1], lines[start - 1].page == lines[line].page,
                  classifier.isOpenerPart(lines[start - 1].flatText) {
                start -= 1
            }
            let count = line - start + match.lineCount
            var text = lines[start..<start + count].map(\.flatText).joined(separator: " ")
            if let remainder = match.remainder, text.hasSuffix(remainder) {
                text = String(text.dropLast(remainder.count)).trimmingTrailingPunctuation
            }
            for i in start..<start + count { claimed[i] = true }
            resumeAt[lines[line].page] = start + count
            marks.append((order, HeadingMark(line: start, lineCount: count, title: title, text: text,
                                             level: entry.level, page: lines[line].page, remainder: match.remainder)))
        }
        // Untraceable entries sit before the found heading at the same line, in page order (several can
        // land on one line when their own pages have no text, and outlines need not be in page order);
        // otherwise keep outline order.
        return marks.sorted { a, b in
            if a.mark.line != b.mark.line { return a.mark.line < b.mark.line }
            if (a.mark.lineCount == 0) != (b.mark.lineCount == 0) { return a.mark.lineCount == 0 }
            if a.mark.lineCount == 0 && a.mark.page != b.mark.page { return a.mark.page < b.mark.page }
            return a.order < b.order
        }.map(\.mark)
    }

    /// A title that fills its line beats a run-in one; then the larger type; then the first in search order.
    private func best(_ candidates: [(Int, OutlineTitleMatcher.Match)], lines: [LayoutLine]) -> (line: Int, match: OutlineTitleMatcher.Match)? {
        var chosen: (Int, OutlineTitleMatcher.Match)?
        for candidate in candidates {
            guard let current = chosen else {
                chosen = candidate
                continue
            }
            let full = candidate.1.remainder == nil, currentFull = current.1.remainder == nil
            if full != currentFull {
                if full { chosen = candidate }
                continue
            }
            if lines[candidate.0].fontSize > lines[current.0].fontSize + 0.3 { chosen = candidate }
        }
        return chosen.map { (line: $0.0, match: $0.1) }
    }

    /// Outline titles as heading-path entries: single spaces, no surrounding space.
    static func tidy(_ title: String) -> String {
        UnicodeCleaner().clean(title).text.split(separator: " ").joined(separator: " ")
    }
}

/// Where each page's lines sit in the document's line stream.
struct PageRanges: Sendable {
    private var ranges: [Int: Range<Int>] = [:]
    private var starts: [(page: Int, line: Int)] = []

    init(_ lines: [LayoutLine]) {
        var i = 0
        while i < lines.count {
            let page = lines[i].page
            var end = i
            while end < lines.count && lines[end].page == page { end += 1 }
            if ranges[page] == nil {
                ranges[page] = i..<end
                starts.append((page, i))
            }
            i = end
        }
    }

    func range(of page: Int) -> Range<Int>? { ranges[page] }

    /// The first line of `page` or, when it has none, of the first later page in the stream.
    func firstLine(onOrAfter page: Int) -> Int? {
        starts.first { $0.page >= page }?.line
    }
}

private extension String {
    var trimmingTrailingPunctuation: String {
        var s = Substring(self)
        while let last = s.last, last == " " || ":.-\u{2013}\u{2014}".contains(last) { s = s.dropLast() }
        return String(s)
    }
}
