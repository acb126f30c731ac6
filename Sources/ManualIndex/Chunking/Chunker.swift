/// Packs units into chunks of whole sentences under one heading path.
///
/// A chunk grows to the target size, may grow past it up to the maximum while it is still under
/// the minimum, and ends at a heading once it has reached the minimum; a section too small to
/// stand alone merges with its neighbour. Consecutive chunks of one section share about
/// `overlapCharacters` of whole sentences. Headings never end a chunk.
struct Chunker: Sendable {
    let settings: ChunkerSettings

    init(settings: ChunkerSettings) {
        self.settings = settings.sanitized
    }

    /// A unit placed in a draft chunk; overlap units repeat the end of the chunk before.
    private struct Placed {
        var unit: ChunkUnit
        var size: Int
        var isOverlap: Bool
    }

    private struct Draft {
        var placed: [Placed] = []
        var size = 0
        private var nonHeadings = 0

        var isEmpty: Bool { placed.isEmpty }
        /// Whether anything but headings is in the draft (overlap counts: it is text of the section).
        var hasContent: Bool { nonHeadings > 0 }

        mutating func add(_ p: Placed) {
            size += placed.isEmpty ? p.size : p.size + 1
            placed.append(p)
            if p.unit.role != .heading { nonHeadings += 1 }
        }

        /// The size without the leading overlap, as it would be appended to another chunk.
        var ownSize: Int {
            let own = placed.filter { !$0.isOverlap }
            return own.reduce(0) { $0 + $1.size } + max(own.count - 1, 0)
        }
    }

    /// Chunks for `units`; `sections` gives each section's heading path and `labels` the printed
    /// label of each physical page.
    func chunk(units: [ChunkUnit], sections: [[String]], labels: [Int: String]) -> [Chunk] {
        let prepared = OversizeSplitter(maximumCharacters: settings.maximumCharacters).split(units)
            .filter { !$0.sentences.isEmpty }
        let remaining = sectionTails(prepared)
        var drafts: [Draft] = []
        var draft = Draft()
        for (index, unit) in prepared.enumerated() {
            let placed = Placed(unit: unit, size: unit.size, isOverlap: false)
            // A draft of nothing but headings waits for its first content, whatever the size.
            if draft.hasContent {
                let grown = draft.size + 1 + placed.size
                if unit.role == .heading {
                    if draft.size >= settings.minimumCharacters || grown > settings.maximumCharacters {
                        draft = close(draft, into: &drafts, next: unit, overlap: false)
                    }
                } else if grown > settings.maximumCharacters {
                    draft = close(draft, into: &drafts, next: unit, overlap: true)
                } else if grown > splitPoint(rest: draft.size + 1 + remaining[index]),
                          draft.size >= settings.minimumCharacters {
                    draft = close(draft, into: &drafts, next: unit, overlap: true)
                }
            }
            draft.add(placed)
        }
        if !draft.isEmpty { drafts.append(draft) }
        return mergeSmall(drafts).enumerated().map { index, draft in
            makeChunk(draft, ordinal: index, sections: sections, labels: labels)
        }
    }

    /// Where a chunk should end when `rest` characters of its section (the chunk so far included)
    /// remain: at the target, unless all of it fits in two chunks, which then get half each, so
    /// the last is not left under the minimum; a rest too small for two halves stays whole.
    private func splitPoint(rest: Int) -> Int {
        guard rest > settings.targetCharacters else { return Int.max }
        guard rest <= settings.maximumCharacters else { return settings.targetCharacters }
        let half = (rest + settings.overlapCharacters) / 2
        return half >= settings.minimumCharacters ? min(half, settings.targetCharacters) : Int.max
    }

    /// For each unit, the size of it and everything after it up to the next heading.
    private func sectionTails(_ units: [ChunkUnit]) -> [Int] {
        var tails = Array(repeating: 0, count: units.count)
        var running = 0
        for index in units.indices.reversed() {
            let size = units[index].size
            running = running == 0 ? size : running + 1 + size
            tails[index] = running
            if units[index].role == .heading { running = 0 }
        }
        return tails
    }

    /// Ends `draft` and returns the start of the next one: headings it ended with move on (a
    /// heading belongs with what follows it), else the overlap when the next unit stays in the section.
    private func close(_ draft: Draft, into drafts: inout [Draft], next: ChunkUnit, overlap: Bool) -> Draft {
        var finished = draft
        var carried: [Placed] = []
        while let last = finished.placed.last, last.unit.role == .heading, finished.placed.count > 1,
              finished.placed.dropLast().contains(where: { !$0.isOverlap }) {
            carried.insert(finished.placed.removeLast(), at: 0)
        }
        if !carried.isEmpty {
            finished = rebuilt(finished.placed)
        }
        drafts.append(finished)
        var nextDraft = Draft()
        if !carried.isEmpty {
            for p in carried { nextDraft.add(p) }
            return nextDraft
        }
        guard overlap, !next.continuesTable else { return nextDraft }
        // The whole overlap if it fits before the next unit, else just the last sentence, else none.
        var repeated = overlapUnits(finished, section: next.section)
        while !repeated.isEmpty,
              repeated.reduce(0, { $0 + $1.size }) + repeated.count + next.size > settings.maximumCharacters {
            repeated = repeated.count > 1 ? [repeated[repeated.count - 1]] : []
        }
        for p in repeated { nextDraft.add(p) }
        return nextDraft
    }

    /// Whole sentences from the end of `draft`, in the same section, adding up to about the
    /// overlap size; the last sentence may take up to twice that rather than leave no overlap.
    private func overlapUnits(_ draft: Draft, section: Int) -> [Placed] {
        let budget = settings.overlapCharacters
        guard budget > 0 else { return [] }
        var taken: [Sentence] = []
        var size = 0
        outer: for placed in draft.placed.reversed() where !placed.isOverlap {
            guard placed.unit.section == section, placed.unit.role != .heading else { break }
            for sentence in placed.unit.sentences.reversed() {
                let length = sentence.text.scalarCount + (taken.isEmpty ? 0 : 1)
                guard size + length <= (taken.isEmpty ? 2 * budget : budget) else { break outer }
                taken.insert(sentence, at: 0)
                size += length
            }
        }
        return taken.map { sentence in
            Placed(unit: ChunkUnit(sentences: [sentence], role: .sentence, section: section),
                   size: sentence.text.scalarCount, isOverlap: true)
        }
    }

    /// Folds chunks under the minimum into a neighbour when the result stays within the maximum;
    /// the neighbour's overlap, repeating the small chunk, is dropped.
    private func mergeSmall(_ drafts: [Draft]) -> [Draft] {
        var out: [Draft] = []
        var index = 0
        while index < drafts.count {
            let current = drafts[index]
            if current.size < settings.minimumCharacters, drafts.count > 1 {
                if let previous = out.last, previous.size + 1 + current.ownSize <= settings.maximumCharacters {
                    out[out.count - 1] = rebuilt(previous.placed + current.placed.filter { !$0.isOverlap })
                    index += 1
                    continue
                }
                if index + 1 < drafts.count {
                    let next = drafts[index + 1]
                    if current.size + 1 + next.ownSize <= settings.maximumCharacters {
                        out.append(rebuilt(current.placed + next.placed.filter { !$0.isOverlap }))
                        index += 2
                        continue
                    }
                }
            }
            out.append(current)
            index += 1
        }
        return out
    }

    private func rebuilt(_ placed: [Placed]) -> Draft {
        var draft = Draft()
        for p in placed { draft.add(p) }
        return draft
    }

    private func makeChunk(_ draft: Draft, ordinal: Int, sections: [[String]], labels: [Int: String]) -> Chunk {
        let sentences = draft.placed.flatMap(\.unit.sentences)
        let first = sentences.map(\.page).min() ?? 0
        let last = sentences.map(\.lastPage).max() ?? 0
        return Chunk(ordinal: ordinal, sentences: sentences, headingPath: headingPath(draft, sections: sections),
                     firstLabel: labels[first], lastLabel: labels[last],
                     hasAdmonition: sentences.contains { [.warning, .caution, .note].contains($0.kind) })
    }

    /// The path all of the chunk's own units share, or, when the chunk opens inside a section below that,
    /// the path of that section: a chunk that holds the end of "2.2 Warning and Indicator Lights" and then
    /// "2.3 Multi-Information Display" is under 2.2 until its inner heading, as `CitedHeading` and
    /// `ChunkAnalysis` read it, not under "2 Instruments and Controls" alone (its rows lost the words
    /// "warning" and "lights"). When they share nothing (a merge across top-level sections), the path
    /// of the section that contributes most text.
    private func headingPath(_ draft: Draft, sections: [[String]]) -> [String] {
        let own = draft.placed.filter { !$0.isOverlap }
        let ids = (own.isEmpty ? draft.placed : own).map(\.unit.section)
        let paths = ids.map { $0 >= 0 && $0 < sections.count ? sections[$0] : [] }
        guard var common = paths.first else { return [] }
        for path in paths.dropFirst() {
            common = Array(zip(common, path).prefix { $0 == $1 }.map(\.0))
        }
        // Only a chunk that opens inside a section: one that opens with a heading has it as its first sentence.
        let opensMidSection = (own.isEmpty ? draft.placed : own).first?.unit.role != .heading
        if opensMidSection, let lead = paths.first, !common.isEmpty, lead.count > common.count { return lead }
        if !common.isEmpty || Set(ids).count == 1 { return common }
        var weight: [Int: Int] = [:]
        for p in own { weight[p.unit.section, default: 0] += p.size }
        let heaviest = weight.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? ids[0]
        return heaviest < sections.count ? sections[heaviest] : []
    }
}
