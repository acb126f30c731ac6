/// A document's pages cut into consecutive windows of at most `limit` pages, all about the same size.
///
/// Pages are read, cleaned and chunked one window at a time so that memory depends on the window,
/// not on the length of the document. Equal sizes keep the last window from being a sliver whose
/// running heads are too few to recognise.
struct PageWindows: Sequence {
    /// Page indices, 0-based, of each window.
    let windows: [Range<Int>]

    init(pageCount: Int, limit: Int) {
        let size = Swift.max(limit, 1)
        let count = Swift.max(1, (pageCount + size - 1) / size)
        windows = (0..<count).map { i in (pageCount * i / count)..<(pageCount * (i + 1) / count) }
    }

    func makeIterator() -> IndexingIterator<[Range<Int>]> {
        windows.makeIterator()
    }
}
