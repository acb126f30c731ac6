import ManualIndex
/// A definition stands at the head of its section ("CIDER is a mixed-level circuit and device simulator
/// ..."), and a long section is cut into several chunks: the one ranked first may be a later one, whose
/// sentences mention the thing without saying what it is. Asked what something is (`Definition`), the
/// answer may also quote the chunk that opens the best result's section.

struct SectionOpening {
    let store: Store

    /// Chunks looked back at most: a section longer than this is a chapter, not a definition's context.
    var maximumDistance = 4

    /// The chunk that opens `result`'s section (its heading first, under the same heading path), as a
    /// result of the same scores, when `result` is a later chunk of that section; else nil.
    func opening(of result: SearchResult) throws -> SearchResult? {
        guard result.chunk.sentences.first?.kind != .heading else { return nil }
        var ordinal = result.chunk.ordinal - 1
        while ordinal >= 0, ordinal >= result.chunk.ordinal - maximumDistance,
              let previous = try store.chunk(documentID: result.documentID, ordinal: ordinal),
              previous.chunk.headingPath == result.chunk.headingPath {
            guard previous.chunk.sentences.first?.kind == .heading else {
                ordinal -= 1
                continue
            }
            var opening = result
            opening.chunkID = previous.id
            opening.chunk = previous.chunk
            opening.pageLabels = try store.pageLabels(documentID: result.documentID,
                                                      pages: previous.chunk.firstPage...max(previous.chunk.firstPage, previous.chunk.lastPage))
            return opening
        }
        return nil
    }
}
