/// What one window of a long document's pages hands to the next, and what all its windows share.
public struct WindowContext: Sendable {
    /// All the document's physical pages: whether its outline describes it is decided on them, not
    /// on the few bookmarks one window may hold. Nil when the pages given are the whole document.
    public var documentPages: ClosedRange<Int>?
    /// The headings still open where the previous window ended: the next window's text starts under them.
    public var openHeadings: [OpenHeading] = []
    /// The words and compounds of the windows so far: evidence for rejoining words broken at line ends.
    var vocabulary = HyphenationVocabulary()

    /// The context of a document's first window.
    public init(documentPages: ClosedRange<Int>? = nil) {
        self.documentPages = documentPages
    }
}

/// A heading whose section is still open where a window of pages ends.
public struct OpenHeading: Sendable, Equatable {
    public var level: Int
    public var title: String

    public init(level: Int, title: String) {
        self.level = level
        self.title = title
    }
}
