import ManualIndex
/// The sections a reader of one section of a manual is likely to want next, from the manual's outline:
/// the quoted section's own subsections, then the sections beside it (the ones after it first: the
/// procedure that follows), then the section after its parent, then its parent.
///
/// Front matter, contents pages and headings that only name the manual ("Northwind Kettle K2") are
/// left out: they answer nothing.
struct FollowUpNeighbourhood {
    let outline: [OutlineEntry]
    /// Words of the manual's title: a heading made of them names the manual, not a topic.
    let titleTerms: Set<String>

    /// Headings near `section` (a heading title of the quoted chunk), nearest first, each once.
    func topics(around section: String) -> [String] {
        guard let here = outline.firstIndex(where: { $0.title == section }) else { return [] }
        let level = outline[here].level
        // The section's extent: up to the next heading at its level or above.
        let end = outline[(here + 1)...].firstIndex { $0.level <= level } ?? outline.endIndex
        let parentIndex = outline[..<here].lastIndex { $0.level < level }
        let parentEnd = parentIndex.map { parent in
            outline[(parent + 1)...].firstIndex { $0.level <= outline[parent].level } ?? outline.endIndex
        } ?? outline.endIndex
        let siblingRange = (parentIndex.map { $0 + 1 } ?? 0)..<parentEnd

        var picked: [Int] = []
        picked += ((here + 1)..<end).filter { outline[$0].level == level + 1 }
        picked += siblingRange.filter { $0 > here && outline[$0].level == level }
        picked += siblingRange.filter { $0 < here && outline[$0].level == level }.reversed()
        if parentEnd < outline.endIndex { picked.append(parentEnd) }
        if let parentIndex { picked.append(parentIndex) }

        var seen = Set<Int>()
        return picked.filter { seen.insert($0).inserted }
            .map { outline[$0].title }
            .filter(isTopic)
    }

    private func isTopic(_ title: String) -> Bool {
        guard !NavigationHeading.isFrontMatter(TopicQuestion.clean(title)) else { return false }
        let terms = TermsMemo.terms(title)
        return !terms.isEmpty && !terms.allSatisfy(titleTerms.contains)
    }
}
