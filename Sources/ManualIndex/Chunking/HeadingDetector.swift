/// Finds the document's headings: from the PDF outline when it has one, else from layout and wording.
struct HeadingDetector: Sendable {
    /// An outline with fewer entries than this (a lone "Cover" bookmark) does not describe the structure.
    private let minimumOutlineEntries = 2

    /// Headings placed on `lines`, the lines of the physical pages `pageNumbers`. When those are a
    /// window of a longer document, `documentPages` are all of its pages: whether the outline is
    /// used is decided on the whole document, so that every window finds its headings the same way.
    func detect(lines: [LayoutLine], outline: [OutlineEntry], pageNumbers: Set<Int>,
                documentPages: ClosedRange<Int>? = nil) -> HeadingLayout {
        var usable = 0
        let entries = outline.compactMap { entry -> OutlineEntry? in
            let title = OutlineHeadingPlacer.tidy(entry.title)
            guard !title.isEmpty else { return nil }
            if documentPages?.contains(entry.page) ?? pageNumbers.contains(entry.page) { usable += 1 }
            guard pageNumbers.contains(entry.page) else { return nil }
            return OutlineEntry(title: title, page: entry.page, level: min(max(entry.level, 1), 9))
        }
        if usable >= minimumOutlineEntries {
            return HeadingLayout(marks: OutlineHeadingPlacer().place(entries, in: lines), entries: entries)
        }
        let marks = DetectedHeadingFinder().find(in: lines)
        return HeadingLayout(marks: marks, entries: marks.map { OutlineEntry(title: $0.title, page: $0.page, level: $0.level) })
    }
}
