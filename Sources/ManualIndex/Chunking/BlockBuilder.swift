/// Walks the cleaned line stream and turns it into chunk units under heading paths: headings,
/// prose sentences, list items, tables and admonition blocks, each sentence with its page.
struct BlockBuilder: Sendable {
    let settings: ChunkerSettings
    private let splitter = SentenceSplitter()

    init(settings: ChunkerSettings) {
        self.settings = settings.sanitized
    }

    struct Output: Equatable {
        var units: [ChunkUnit]
        /// Heading path of each section; section 0 is whatever precedes the first heading.
        var sections: [[String]]
        /// The headings still open after the last line, for the window of pages that follows.
        var openHeadings: [OpenHeading] = []
    }

    /// Units and sections for `lines`; text before the first heading is under `openHeadings`,
    /// those the window before left open.
    func build(lines: [LayoutLine], headings: [HeadingMark], openHeadings: [OpenHeading] = []) -> Output {
        var state = State(settings: settings, splitter: splitter, openHeadings: openHeadings)
        var marksAt: [Int: [HeadingMark]] = [:]
        var claimed = Array(repeating: false, count: lines.count)
        for mark in headings {
            let line = min(max(mark.line, 0), lines.count)
            marksAt[line, default: []].append(mark)
            for i in line..<min(line + mark.lineCount, lines.count) { claimed[i] = true }
        }
        var tablesAt: [Int: TableDetector.Table] = [:]
        for table in TableDetector().find(in: lines, claimed: claimed) { tablesAt[table.lines.lowerBound] = table }

        var i = 0
        while i <= lines.count {
            if let marks = marksAt.removeValue(forKey: i) {
                var skip = 0
                for mark in marks {
                    state.openSection(mark)
                    if mark.lineCount > 0 {
                        skip = min(mark.lineCount, lines.count - i)
                        if let remainder = mark.remainder {
                            state.startParagraph(LayoutLine(text: remainder, page: mark.page), kind: .body)
                        }
                    }
                }
                if skip > 0 {
                    i += skip
                    continue
                }
            }
            guard i < lines.count else { break }
            let line = lines[i]
            if let table = tablesAt[i] {
                state.flush()
                state.addTable(table, lines: lines)
                i = table.lines.upperBound
                continue
            }
            if let label = AdmonitionLabel.match(line.text) {
                state.flush()
                i = state.addAdmonition(label, from: i, lines: lines, stopAt: { marksAt[$0] != nil || tablesAt[$0] != nil })
                continue
            }
            if ListMarker.starts(line.text), !state.wrapsOntoLetter(line) {
                state.flush()
                state.startParagraph(line, kind: .listItem)
            } else if state.continues(with: line) {
                state.append(line)
            } else {
                state.flush()
                state.startParagraph(line, kind: .body)
            }
            i += 1
        }
        state.flush()
        return Output(units: state.units, sections: state.sections, openHeadings: state.openHeadings)
    }
}

/// The builder's running state: the section stack, the open paragraph and the units so far.
private struct State {
    let settings: ChunkerSettings
    let splitter: SentenceSplitter
    var units: [ChunkUnit] = []
    var sections: [[String]]
    private var stack: [OpenHeading]

    private var paragraph = ParagraphText()
    private var paragraphKind: SentenceKind = .body
    private var lastLine: LayoutLine?
    private var itemLeft = 0.0

    init(settings: ChunkerSettings, splitter: SentenceSplitter, openHeadings: [OpenHeading]) {
        self.settings = settings
        self.splitter = splitter
        stack = openHeadings
        sections = [openHeadings.map(\.title)]
    }

    var openHeadings: [OpenHeading] { stack }

    var section: Int { sections.count - 1 }

    mutating func openSection(_ mark: HeadingMark) {
        flush()
        while let last = stack.last, last.level >= mark.level { stack.removeLast() }
        stack.append(OpenHeading(level: mark.level, title: mark.title))
        sections.append(stack.map(\.title))
        let text = mark.text.isEmpty ? mark.title : mark.text
        guard !text.isEmpty else { return }
        units.append(ChunkUnit(sentences: [Sentence(text: text, page: mark.page, kind: .heading)], role: .heading, section: section))
    }

    mutating func startParagraph(_ line: LayoutLine, kind: SentenceKind) {
        paragraph = ParagraphText()
        paragraphKind = kind
        itemLeft = line.left
        append(line)
    }

    mutating func append(_ line: LayoutLine) {
        paragraph.append(line.flatText, page: line.page)
        lastLine = line
    }

    /// Whether `line` carries on the open paragraph rather than starting a new one.
    func continues(with line: LayoutLine) -> Bool {
        guard let previous = lastLine, !paragraph.isEmpty else { return false }
        let text = previous.text
        let startsCapital = ASCIICharacters.read(line.text) { text throws(ASCIICharacters.Undecided) in
            try text.at(0).map { ASCIICharacters.isUppercase($0) || ASCIICharacters.isDigit($0) } ?? false
        } ?? line.text.first.map { $0.isUppercase || $0.isNumber } ?? false
        let endsSentence = ASCIICharacters.read(text) { text throws(ASCIICharacters.Undecided) in
            try text.last().map { ".!?:".utf8.contains($0) } ?? false
        } ?? text.last.map { ".!?:".contains($0) } ?? false
        if line.page != previous.page {
            // A paragraph runs on over the page break unless the last line finished a sentence.
            return !endsSentence && !(previous.isShort && startsCapital)
        }
        if line.followsGap { return false }
        if line.hasGeometry && previous.hasGeometry && abs(line.fontSize - previous.fontSize) > 1 { return false }
        if paragraphKind == .listItem {
            // Item text wraps with a hanging indent; without layout, only an unfinished sentence runs on.
            if line.hasGeometry && previous.hasGeometry { return line.left > itemLeft + 0.5 * max(line.fontSize, 1) }
            return !endsSentence || !startsCapital
        }
        return !(previous.isShort && startsCapital)
    }

    /// "1. … move the shift lever to" / "P. Switch off …": an item's text that wraps onto a line
    /// starting with a single letter and a full stop has not started a lettered item. The line hangs
    /// under the item's text, on the same page, and the line above it has not finished its sentence.
    func wrapsOntoLetter(_ line: LayoutLine) -> Bool {
        guard paragraphKind == .listItem, let previous = lastLine, !paragraph.isEmpty, line.page == previous.page,
              !line.followsGap, line.hasGeometry, previous.hasGeometry,
              line.left > itemLeft + 0.5 * max(line.fontSize, 1),
              ListMarker.enumerationLength(line.text) == 2, line.text.first?.isLetter == true,
              let end = previous.text.last else { return false }
        return !".:;!?".contains(end)
    }

    /// Turns the open paragraph into units: one per prose sentence, one per list item.
    mutating func flush() {
        defer {
            paragraph = ParagraphText()
            lastLine = nil
        }
        guard !paragraph.isEmpty else { return }
        var sentences = paragraph.sentences(kind: .body, maximumCharacters: settings.contentLimit, splitter: splitter)
        guard !sentences.isEmpty else { return }
        if paragraphKind == .listItem {
            sentences[0].kind = .listItem
            units.append(ChunkUnit(sentences: sentences, role: .listItem, section: section))
        } else {
            for sentence in sentences {
                units.append(ChunkUnit(sentences: [sentence], role: .sentence, section: section))
            }
        }
    }

    /// A table as one unit: each row a sentence, cells joined by " | ", the header first.
    mutating func addTable(_ table: TableDetector.Table, lines: [LayoutLine]) {
        var rows: [Sentence] = []
        for i in table.lines {
            let line = lines[i]
            if table.continuationLines.contains(i), !rows.isEmpty {
                rows[rows.count - 1].text += " " + line.flatText
                rows[rows.count - 1].lastPage = max(rows[rows.count - 1].lastPage, line.page)
                continue
            }
            let text = TableDetector.cells(line.text).joined(separator: " | ")
            rows.append(Sentence(text: text, page: line.page, kind: .tableRow))
        }
        units.append(ChunkUnit(sentences: rows, role: .table, section: section, headerRows: min(table.headerLines, rows.count)))
    }

    /// An admonition: the label and the block it opens, one unit. Returns the index after the block.
    mutating func addAdmonition(_ label: AdmonitionLabel, from start: Int, lines: [LayoutLine],
                                stopAt: (Int) -> Bool) -> Int {
        var sentences: [Sentence] = []
        var block = ParagraphText()
        var end = start
        if label.standsAlone {
            sentences.append(Sentence(text: lines[start].flatText, page: lines[start].page, kind: label.kind))
            end += 1
            // The label always takes the paragraph below it, gap or not.
            if end < lines.count, !stopAt(end), AdmonitionLabel.match(lines[end].text) == nil {
                block.append(lines[end].flatText, page: lines[end].page)
                end += 1
            }
        } else {
            block.append(lines[start].flatText, page: lines[start].page)
            end += 1
        }
        while end < lines.count, !stopAt(end), !block.isEmpty {
            let line = lines[end], previous = lines[end - 1]
            if line.followsGap || AdmonitionLabel.match(line.text) != nil { break }
            if line.page != previous.page, let last = previous.text.last, ".!?".contains(last) { break }
            if line.hasGeometry && previous.hasGeometry && abs(line.fontSize - previous.fontSize) > 1 { break }
            // A list inside the block belongs to it when the text leads into it ("Never:").
            if ListMarker.starts(line.text), !(previous.text.hasSuffix(":") || ListMarker.starts(previous.text)) { break }
            block.append(line.flatText, page: line.page)
            end += 1
        }
        sentences += block.sentences(kind: label.kind, maximumCharacters: settings.contentLimit, splitter: splitter)
        if !sentences.isEmpty {
            units.append(ChunkUnit(sentences: sentences, role: .admonition, section: section))
        }
        return max(end, start + 1)
    }
}
