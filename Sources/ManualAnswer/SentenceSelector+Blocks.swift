import ManualIndex
/// The blocks an anchor may stand in: definition lists, procedures and tables, read from the chunk's sentences.
extension SentenceSelector {

    /// The sentences of a procedure's first `AnswerSettings.maxSteps` steps (a step's further sentences go with it), and
    /// where the rest starts when there is more.
    func steps(_ run: Range<Int>, in sentences: [Sentence]) -> (kept: [Int], restAt: Int?) {
        var kept: [Int] = [], count = 0
        for index in run {
            if sentences[index].kind == .listItem {
                count += 1
                if count > settings.maxSteps { return (kept, index) }
            }
            kept.append(index)
        }
        return (kept, nil)
    }

    /// The sentence that introduces a list starting at `start` ("To change the oil:"), if there is one.
    func leadIn(before start: Int, in sentences: [Sentence]) -> Int? {
        let lead = start - 1
        guard lead >= 0, sentences[lead].kind != .heading, SentenceShape.introducesBlock(sentences[lead]) else { return nil }
        return lead
    }

    /// True for a sentence between two steps of a numbered procedure, which goes on with the step before it ("3. The
    /// key light comes on." then "All buttons except Power are now locked."): asked how, it is read as part of
    /// the procedure.
    static func isInsideProcedure(_ index: Int, in sentences: [Sentence]) -> Bool {
        guard sentences[index].kind == .body else { return false }
        let run = run(of: .listItem, around: index, in: sentences)
        return run.lowerBound < index && index + 1 < run.upperBound && isProcedure(run, in: sentences)
    }

    /// True for a list whose first item is numbered ("1.", "a)"): a procedure, read step by step.
    static func isProcedure(_ run: Range<Int>, in sentences: [Sentence]) -> Bool {
        ListMarker.enumerationLength(sentences[run.lowerBound].text) != nil
    }

    /// The header row of the table whose rows are `run`: its first row, unless that states a number (a
    /// row of data: a chunk can begin inside a table, or a group label such as "Engine compartment fuse
    /// box" can part the rows from their header). Then the header is the row without numbers just above the
    /// label, or there is none to quote: the first row of data is not one. An option list's first row
    /// ("-b BAND | band to scan") is an option like the others, never a header, and so is a first row that
    /// describes its key in a phrase ("TAB | complete a command or variable name"): a header's cells are labels.
    static func headerRow(of run: Range<Int>, in sentences: [Sentence]) -> Int? {
        if SentenceShape.isUsage(sentences[run.lowerBound]) || describesInAPhrase(sentences[run.lowerBound].text) { return nil }
        guard SentenceShape.statesNumber(sentences[run.lowerBound].text) else { return run.lowerBound }
        let above = run.lowerBound - 2
        guard above >= 0, sentences[above].kind == .tableRow, sentences[above + 1].kind != .tableRow,
              !SentenceShape.statesNumber(sentences[above].text) else { return nil }
        return above
    }

    /// Whether the table `run` opens with a row of data: cells, and no header (`headerRow`). Not a caption of
    /// one cell ("Table 4.1: Recommended cold tire pressures"), which names the table as a header does.
    static func opensWithData(_ run: Range<Int>, in sentences: [Sentence]) -> Bool {
        sentences[run.lowerBound].text.contains(" | ") && headerRow(of: run, in: sentences) == nil
    }

    /// Words a header's cell has at most: "What to do", "Initial condition vector", "Axle and load".
    private static let headerCellWords = 4

    /// Whether a row of cells has a cell longer than a column label: a row of data.
    private static func describesInAPhrase(_ row: String) -> Bool {
        row.contains(" | ") && ASCIISearch.components(row, separatedBy: " | ").contains { cell in
            cell.split(separator: " ").count > headerCellWords
        }
    }

    /// The contiguous sentences of `kind` that include `index`. A list item's own further sentences
    /// ("2. Press START twice. Do not start the engine.") come out of the splitter as body text, so
    /// body sentences between two items belong to the run.
    package static func run(of kind: SentenceKind, around index: Int, in sentences: [Sentence]) -> Range<Int> {
        // A line of one cell does not join a table of several ("VIN 3 0 PULSE (…)" printed above the
        // parameter table it exemplifies): the table's header is its first row of cells.
        let hasCells = kind == .tableRow && sentences[index].text.contains(" | ")
        func belongs(_ i: Int) -> Bool {
            guard sentences[i].kind != kind else { return !hasCells || sentences[i].text.contains(" | ") }
            guard kind == .listItem, sentences[i].kind == .body else { return false }
            var before = i - 1, after = i + 1
            while before >= 0 && sentences[before].kind == .body { before -= 1 }
            while after < sentences.count && sentences[after].kind == .body { after += 1 }
            return before >= 0 && after < sentences.count && sentences[before].kind == kind
                && sentences[after].kind == kind && after - before <= 3
        }
        var lower = index
        while lower > 0 && belongs(lower - 1) { lower -= 1 }
        var upper = index + 1
        while upper < sentences.count && belongs(upper) { upper += 1 }
        return lower..<upper
    }
}
