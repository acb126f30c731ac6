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
                // The next chunk repeats the end of this one (overlap): skip what is already here.
                let after = next.chunk.sentences.drop { present.contains($0.text) || $0.kind == .heading }
                let steps = after.prefix { $0.kind == .listItem || $0.kind == .body }
                let lastStep = steps.lastIndex { $0.kind == .listItem }
                if let lastStep {
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
