/// A heading placed in the document's line stream: where it sits, its title and its depth.
struct HeadingMark: Sendable, Equatable {
    /// Index of its first line in the line stream.
    var line: Int
    /// Lines it occupies; 0 for an outline entry whose title was not found on its page, which
    /// then opens its section at `line` with the title as its heading sentence.
    var lineCount: Int
    /// The title used in heading paths ("4.2 Tire Pressure").
    var title: String
    /// The heading as printed, used as the heading sentence ("CHAPTER FOUR FAQ").
    var text: String
    /// 1 for top-level sections.
    var level: Int
    /// Physical page the heading is on.
    var page: Int
    /// Body text that shared the heading's last line (a run-in heading), kept as prose.
    var remainder: String?
}

/// What heading detection hands on: the marks for the chunker and the heading tree to store.
struct HeadingLayout: Sendable, Equatable {
    var marks: [HeadingMark]
    var entries: [OutlineEntry]
}
