import Foundation

/// Finds headings in a document without an outline, from layout first and wording second.
///
/// Also puts back together headings that poppler splits over lines: a chapter opener
/// ("CHAPTER" / "FOUR" / "FAQ"), a number above its title ("1.2.2" / "AC Analysis") and a
/// large title wrapped onto a second line.
struct DetectedHeadingFinder: Sendable {
    private let classifier = HeadingLineClassifier()

    private struct Found {
        var mark: HeadingMark
        var evidence: HeadingLineClassifier.Evidence
        var fontSize: Double
    }

    func find(in lines: [LayoutLine]) -> [HeadingMark] {
        let documentBody = PageMetrics.dominantFontSize(lines)
        var metricsByPage: [Int: PageMetrics] = [:]
        for (page, range) in pageSpans(lines) where metricsByPage[page] == nil {
            var metrics = PageMetrics(lines: Array(lines[range]))
            // A sparse page (a chapter opener, a figure) says little about body type, and on a page
            // of code or tables in small type the prose size is still the document's.
            if lines[range].reduce(0, { $0 + $1.text.scalarCount }) < 300
                || metrics.bodyFontSize < documentBody - 0.5 {
                metrics.bodyFontSize = documentBody
            }
            metricsByPage[page] = metrics
        }

        var found: [Found] = []
        var i = 0
        while i < lines.count {
            let metrics = metricsByPage[lines[i].page] ?? PageMetrics(lines: [])
            let context = HeadingLineClassifier.Context(bodyFontSize: metrics.bodyFontSize,
                                                        fullLineLength: metrics.fullLineLength,
                                                        standsApart: standsApart(lines, i, found.last?.mark))
            if let heading = opener(lines, at: i, context: context) ?? numberAbove(lines, at: i, context: context)
                ?? single(lines, at: i, context: context, metrics: metrics) {
                found.append(heading)
                i += heading.mark.lineCount
            } else {
                i += 1
            }
        }
        return assignLevels(found)
    }

    /// "CHAPTER" (+ "FOUR") + "FAQ", or "Chapter 2" + "Circuit Description", as one heading.
    private func opener(_ lines: [LayoutLine], at i: Int, context: HeadingLineClassifier.Context) -> Found? {
        guard context.standsApart else { return nil }
        let first = lines[i].flatText
        guard first.wordCount(upTo: 2) <= 2, classifier.isChapterLine(first) else { return nil }
        var end = i + 1
        if end < lines.count, lines[end].page == lines[i].page, !classifier.isChapterLine(lines[end].flatText),
           classifier.isOpenerPart(lines[end].flatText) {
            end += 1
        }
        // The title follows, unless it is a numbered heading of its own ("CHAPTER 3" then "3.1 Scope").
        if end < lines.count, lines[end].page == lines[i].page, isTitleLike(lines[end].flatText),
           SectionNumber.parse(lines[end].flatText) == nil {
            end += 1
        }
        // A keyword alone with nothing to name ("Chapter" then prose) is no heading by itself.
        guard end > i + 1 || first.wordCount(upTo: 2) == 2 else { return nil }
        var text = lines[i..<end].map(\.flatText).joined(separator: " ")
        if end > i + 1 { end += wrappedLines(lines, after: end - 1, text: &text) }
        return Found(mark: mark(lines, i, end - i, text), evidence: .keyword, fontSize: lines[i].fontSize)
    }

    /// "1.2.2" on one line, its title on the next.
    private func numberAbove(_ lines: [LayoutLine], at i: Int, context: HeadingLineClassifier.Context) -> Found? {
        guard context.standsApart else { return nil }
        let number = lines[i].flatText
        guard classifier.isBareSectionNumber(number), i + 1 < lines.count,
              lines[i + 1].page == lines[i].page, isTitleLike(lines[i + 1].flatText) else { return nil }
        let text = number + " " + lines[i + 1].flatText
        let depth = number.split(separator: ".").count
        return Found(mark: mark(lines, i, 2, text), evidence: .number(depth: depth), fontSize: lines[i + 1].fontSize)
    }

    private func single(_ lines: [LayoutLine], at i: Int, context: HeadingLineClassifier.Context,
                        metrics: PageMetrics) -> Found? {
        let line = lines[i]
        guard classifier.mayBeHeading(line, context: context), line.text.scalarCount <= 150 else { return nil }
        // Table rows are not headings, though "1.2  Title" read from two boxes is, even when the row assembler
        // took the two boxes for cells because a table above has two columns at the same places (simh's
        // "2.10.2  TS11/TSV05 Magnetic Tape (TS)" under an error table): in heading type, a bare section number
        // and a title are a heading.
        let cells = ASCIISearch.components(line.text, separatedBy: UnicodeCleaner.columnGapLiteral)
        if cells.count > 2 { return nil }
        if line.isAssembledRow, !(isNumberAndTitle(cells) && (line.isBold || line.fontSize > metrics.bodyFontSize + 0.5)) {
            return nil
        }
        guard let evidence = classifier.classify(line, context: context) else { return nil }
        // Capitals are the weakest sign: indented off the margin, not centred, they are a command or a table's
        // first cell ("SHOW XQ STATS", "PCLK" in simh's manual), which would cut a section in two.
        if evidence == .capitals, isIndentedAside(line, metrics: metrics) { return nil }
        var text = line.flatText
        var count = 1
        if evidence == .layout || isNumber(evidence), line.fontSize > metrics.bodyFontSize + 0.5 {
            count += wrappedLines(lines, after: i, text: &text)
        }
        return Found(mark: mark(lines, i, count, text), evidence: evidence, fontSize: line.fontSize)
    }

    /// A line that starts further in from the page's left margin than twice the body type size, and is not
    /// centred on the text column.
    private func isIndentedAside(_ line: LayoutLine, metrics: PageMetrics) -> Bool {
        guard line.hasGeometry, metrics.bodyFontSize > 0, metrics.textRight > metrics.textLeft else { return false }
        let indent = line.left - metrics.textLeft
        let offCentre = abs((line.left + line.right) / 2 - (metrics.textLeft + metrics.textRight) / 2)
        return indent > 2 * metrics.bodyFontSize && offCentre > 0.1 * (metrics.textRight - metrics.textLeft)
    }

    /// Two cells, a bare section number ("2.10.2") and a title.
    private func isNumberAndTitle(_ cells: [String]) -> Bool {
        cells.count == 2 && classifier.isBareSectionNumber(cells[0].trimmingCharacters(in: .whitespaces))
            && isTitleLike(cells[1].trimmingCharacters(in: .whitespaces))
    }

    /// Lines after `index` that continue a large title wrapped in the same type; appends them to
    /// `text` and returns how many there are (at most two).
    private func wrappedLines(_ lines: [LayoutLine], after index: Int, text: inout String) -> Int {
        let line = lines[index]
        guard line.hasGeometry else { return 0 }
        var count = 0
        while count < 2, index + count + 1 < lines.count {
            let next = lines[index + count + 1]
            guard next.page == line.page, !next.followsGap, abs(next.fontSize - line.fontSize) < 0.3,
                  next.isBold == line.isBold, let last = text.last, !".:!?".contains(last),
                  text.count + next.text.count < 150, SectionNumber.parse(next.flatText) == nil else { break }
            text += " " + next.flatText
            count += 1
        }
        return count
    }

    private func mark(_ lines: [LayoutLine], _ i: Int, _ count: Int, _ text: String) -> HeadingMark {
        HeadingMark(line: i, lineCount: count, title: text, text: text, level: 1, page: lines[i].page)
    }

    private func isTitleLike(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last, first.isUppercase || first.isNumber else { return false }
        return text.count <= 100 && !".,;".contains(last) && text.hasLetters(atLeast: 2) && !ListMarker.starts(text)
    }

    private func isNumber(_ evidence: HeadingLineClassifier.Evidence) -> Bool {
        if case .number = evidence { return true }
        return false
    }

    /// A heading starts a block: top of a page, after a gap, a finished sentence or a short line.
    /// (A change of type alone is not enough: a bold phrase can fill a line inside a paragraph.)
    private func standsApart(_ lines: [LayoutLine], _ i: Int, _ lastHeading: HeadingMark?) -> Bool {
        guard i > 0, lines[i - 1].page == lines[i].page else { return true }
        let line = lines[i], previous = lines[i - 1]
        if line.followsGap { return true }
        if let lastHeading, lastHeading.line + lastHeading.lineCount == i { return true }
        guard let last = previous.text.last else { return true }
        return ".!?:".contains(last) || previous.isShort
    }

    /// Levels: the section number's depth when there is one; else the rank of the heading's type
    /// size among heading sizes, using the depth numbered headings of that size have.
    private func assignLevels(_ found: [Found]) -> [HeadingMark] {
        func rounded(_ size: Double) -> Double { (size * 2).rounded() / 2 }
        var depthsBySize: [Double: [Int: Int]] = [:]
        var sizes = Set<Double>()
        for f in found where f.fontSize > 0 {
            sizes.insert(rounded(f.fontSize))
            if case .number(let depth) = f.evidence { depthsBySize[rounded(f.fontSize), default: [:]][depth, default: 0] += 1 }
        }
        let ranked = sizes.sorted(by: >)
        return found.map { f in
            var mark = f.mark
            switch f.evidence {
            case .number(let depth):
                mark.level = depth
            case .keyword where classifier.isChapterLine(f.mark.text):
                mark.level = 1
            default:
                let size = rounded(f.fontSize)
                if f.fontSize <= 0 {
                    mark.level = 1
                } else if let depths = depthsBySize[size] {
                    mark.level = depths.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first!.key
                } else {
                    mark.level = (ranked.firstIndex(of: size) ?? 0) + 1
                }
            }
            mark.level = min(max(mark.level, 1), 9)
            return mark
        }
    }

    private func pageSpans(_ lines: [LayoutLine]) -> [(Int, Range<Int>)] {
        var spans: [(Int, Range<Int>)] = []
        var i = 0
        while i < lines.count {
            var end = i
            while end < lines.count && lines[end].page == lines[i].page { end += 1 }
            spans.append((lines[i].page, i..<end))
            i = end
        }
        return spans
    }
}
