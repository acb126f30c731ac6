import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualRetrieval

/// A scan's OCR copy of a passage the library holds as text is the same evidence (`ScannedCopies`).
@Suite struct ScannedCopiesTests {
    private func stored(_ id: Int64, document: Int64, ordinal: Int, _ text: String) -> StoredChunk {
        StoredChunk(id: id, documentID: document, chunk: Chunk(ordinal: ordinal, sentences: [Sentence(text: text, page: 1)],
                                                               headingPath: ["FAQ"], vector: []), fingerprint: "")
    }

    private let gainText = "The RF amplifiers have two settings: on or off. They nominally provide 14 dB of gain when on."
    private let ledText = "Each LED is a single color. Adjacent LEDs are different colors so they are easier to distinguish."

    @Test func anOCRCopyHeldByOneTextPassageIsACopy() {
        let chunks: [Int64: StoredChunk] = [
            1: stored(1, document: 6, ordinal: 10, gainText + " " + ledText),
            2: stored(2, document: 11, ordinal: 4, gainText.replacingOccurrences(of: "14", with: "l4") + " " + ledText),
        ]
        #expect(ScannedCopies.copies(among: [2, 1], chunks: chunks, ocrRead: [2]) == [2])
        // The text layer's own passage is never left out, nor one OCR copy for another's sake.
        #expect(ScannedCopies.copies(among: [2, 1], chunks: chunks, ocrRead: []) == [])
    }

    @Test func anOCRCopyOverAPageBreakIsHeldByTwoNeighbouringChunks() {
        let chunks: [Int64: StoredChunk] = [
            1: stored(1, document: 6, ordinal: 10, gainText),
            2: stored(2, document: 6, ordinal: 11, ledText),
            3: stored(3, document: 11, ordinal: 4, gainText + " " + ledText),
        ]
        #expect(ScannedCopies.copies(among: [3, 1], chunks: chunks, ocrRead: [3]) == [3])
        #expect(ScannedCopies.neighbourIDs(of: [3, 1], ocrRead: [3]) == [0, 2])
        // Two chunks that are not neighbours do not add up to a twin.
        let apart: [Int64: StoredChunk] = [1: chunks[1]!, 2: stored(2, document: 6, ordinal: 30, ledText), 3: chunks[3]!]
        #expect(ScannedCopies.copies(among: [3, 1], chunks: apart, ocrRead: [3]) == [])
    }

    @Test func anOCRPassageOfAnotherTopicStays() {
        let chunks: [Int64: StoredChunk] = [
            1: stored(1, document: 6, ordinal: 10, gainText),
            2: stored(2, document: 11, ordinal: 4, "Replace the fuse with one of the same rating. The fuse holder is behind the rear panel of the unit."),
        ]
        #expect(ScannedCopies.copies(among: [2, 1], chunks: chunks, ocrRead: [2]) == [])
    }
}
