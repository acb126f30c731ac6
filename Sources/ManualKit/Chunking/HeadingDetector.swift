/// Finds the document's headings: from the PDF outline when it has one, else from layout and wording.
struct HeadingDetector: Sendable {
    /// An outline with fewer entries than this (a lone "Cover" bookmark) does not describe the structure.
    private let minimumOutlineEntries = 2

    /// Headings placed on `lines`; `pageNumbers` are the document's physical pages.
    func detect(lines: [LayoutLine], outline: [OutlineEntry], pageNumbers: Set<Int>) -> HeadingLayout {
        let entries = outline.compactMap { entry -> OutlineEntry? in
            let title = OutlineHeadingPlacer.tidy(entry.title)
            guard !title.isEmpty, pageNumbers.contains(entry.page) else { return nil }
            return OutlineEntry(title: title, page: entry.page, level: min(max(entry.level, 1), 9))
        }
        if entries.count >= minimumOutlineEntries {
            return HeadingLayout(marks: OutlineHeadingPlacer().place(entries, in: lines), entries: entries)
        }
        let marks = DetectedHeadingFinder().find(in: lines)
        return HeadingLayout(marks: marks, entries: marks.map { OutlineEntry(title: $0.title, page: $0.page, level: $0.level) })
    }
}
