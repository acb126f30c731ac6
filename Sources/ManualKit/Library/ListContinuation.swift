import ManualAnswer
import ManualIndex
/// Completes numbered procedures that a chunk boundary cut: a result whose chunk starts or ends
/// inside a list gets the list's other items from the neighbouring chunk, so an answer neither
/// starts at step 4 nor stops at step 2.
struct ListContinuation {
    let store: Store
    /// Most sentences borrowed from one neighbour.
    var maximumSentences = 24

    func complete(_ results: [SearchResult]) throws -> [SearchResult] {
        try results.map { result in
            var completed = result
            let sentences = result.chunk.sentences
            let present = Set(sentences.map(\.text))
            if opensInsideAList(sentences), result.chunk.ordinal > 0,
               let previous = try store.chunk(documentID: result.documentID, ordinal: result.chunk.ordinal - 1) {
                let before = previous.chunk.sentences
                if let last = before.lastIndex(where: { $0.kind == .listItem }), last >= before.count - 3 {
                    var start = SentenceSelector.run(of: .listItem, around: last, in: before).lowerBound
                    if start > 0, SentenceShape.introducesBlock(before[start - 1]) { start -= 1 }
                    let borrowed = before[start...].filter { !present.contains($0.text) }.suffix(maximumSentences)
                    let headingCount = sentences.prefix { $0.kind == .heading }.count
                    completed.chunk.sentences.insert(contentsOf: borrowed, at: headingCount)
                }
            }
            if sentences.last?.kind == .listItem,
               let next = try store.chunk(documentID: result.documentID, ordinal: result.chunk.ordinal + 1) {
                // The next chunk repeats the end of this one (overlap): skip what is already here. A heading
                // after that starts another section, and an item numbered 1 another list ("7.3 Cancelling" ends
                // at step 5; "7.4 Child Lock" explains, then starts again at 1): the list ended here.
                let after = next.chunk.sentences.drop { present.contains($0.text) }
                let steps = after.prefix { $0.kind == .listItem || $0.kind == .body }
                let lastStep = steps.lastIndex { $0.kind == .listItem }
                if let lastStep, after.first?.kind != .heading,
                   ListContinuation.continues(sentences.last?.text ?? "", with: steps.first { $0.kind == .listItem }?.text ?? "") {
                    completed.chunk.sentences += steps[..<(lastStep + 1)].prefix(maximumSentences)
                }
            }
            // One lookup covers every page the borrowed sentences added.
            let pages = completed.chunk.sentences.map(\.page)
            if let first = pages.min(), let last = pages.max(), pages.contains(where: { completed.pageLabels[$0] == nil }) {
                for (page, label) in try store.pageLabels(documentID: result.documentID, pages: first...last)
                where completed.pageLabels[page] == nil {
                    completed.pageLabels[page] = label
                }
            }
            return completed
        }
    }

    /// Whether the item `next` goes on with the list whose item `last` is: unnumbered items always may; a
    /// numbered one must carry the next number ("6." after "5.").
    static func continues(_ last: String, with next: String) -> Bool {
        guard let lastNumber = number(last), let nextNumber = number(next) else { return true }
        return nextNumber == lastNumber + 1
    }

    /// The number of a numbered item ("5." → 5), nil for any other.
    private static func number(_ item: String) -> Int? {
        guard ListMarker.enumerationLength(item) != nil else { return nil }
        return Int(item.prefix { $0.isNumber })
    }

    /// True when the chunk begins in the middle of a list: its first sentence is an item, or an item
    /// numbered 2 or more comes within its first three sentences (the overlap may open with a step's tail).
    private func opensInsideAList(_ sentences: [Sentence]) -> Bool {
        let body = sentences.drop { $0.kind == .heading }
        guard let first = body.first else { return false }
        if first.kind == .listItem { return true }
        guard let item = body.prefix(3).first(where: { $0.kind == .listItem }) else { return false }
        let number = Int(item.text.prefix { $0.isNumber }) ?? 0
        return number >= 2
    }
}
