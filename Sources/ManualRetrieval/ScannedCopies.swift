import ManualIndex
/// A passage read by OCR from a scan of pages that another manual of the library holds as text.
///
/// A library may hold a manual and a scan of some of its pages ("HackRF (pages 7-8 and 21-24 rasterised)").
/// OCR reads the scan with its own errors ("¢ | MHz to 10 MHz"), so the two copies never score alike and
/// `CopyPreference` cannot tell them apart: the scan's passage led for "How much transmit power can I expect
/// around 2.4 GHz?", and the answer cited page 3 of the scan, where the manual has page 21 with clean text.
/// Such a passage is the same evidence as its twin: when the twin is among the candidates, the scan's copy
/// is left out, as an exact copy is.
enum ScannedCopies {
    /// Share of the OCR passage's distinct terms its twin must hold: OCR errors cost a few terms each page.
    /// A passage of an unrelated manual held at most 0.43 of one, even with two chunks together.
    static let containment = 0.7
    /// A passage of fewer distinct terms (a heading, a page number) is held by too many others to tell.
    static let minimumTerms = 8

    /// The ids of those of `candidates` read by OCR (`ocrRead`) whose terms a text-layer candidate from
    /// another document mostly holds, alone or with the chunk next to it: a scan's passage may run over a
    /// page break where the manual's chunks part. `chunks` holds the candidates and those neighbours
    /// (`neighbourIDs`).
    static func copies(among candidates: [Int64], chunks: [Int64: StoredChunk], ocrRead: Set<Int64>) -> Set<Int64> {
        guard !ocrRead.isEmpty else { return [] }
        func terms(_ stored: StoredChunk) -> Set<String> { Set(TermsMemo.terms(ChunkPassage.text(stored.chunk))) }
        let textLayer = candidates.filter { !ocrRead.contains($0) }.compactMap { chunks[$0] }
        var copies: Set<Int64> = []
        for id in candidates where ocrRead.contains(id) {
            guard let stored = chunks[id] else { continue }
            let scanned = terms(stored)
            guard scanned.count >= minimumTerms else { continue }
            func holds(_ held: Set<String>) -> Bool { Double(held.count) >= Double(scanned.count) * containment }
            let twin = textLayer.contains { candidate in
                guard candidate.documentID != stored.documentID else { return false }
                let held = scanned.intersection(terms(candidate))
                if holds(held) { return true }
                return chunks.values.contains { next in
                    next.documentID == candidate.documentID && abs(next.chunk.ordinal - candidate.chunk.ordinal) == 1
                        && holds(held.union(scanned.intersection(terms(next))))
                }
            }
            if twin { copies.insert(id) }
        }
        return copies
    }

    /// The ids of those of `chunks` whose first or last page was read by OCR.
    static func readByOCR(_ chunks: [Int64: StoredChunk], store: Store) throws(StoreError) -> Set<Int64> {
        func pages(_ stored: StoredChunk) -> [PageKey] {
            [stored.chunk.firstPage, stored.chunk.lastPage].map { PageKey(documentID: stored.documentID, page: $0) }
        }
        let ocrPages = try store.ocrPages(among: Set(chunks.values.flatMap(pages)))
        guard !ocrPages.isEmpty else { return [] }
        return Set(chunks.values.filter { pages($0).contains(where: ocrPages.contains) }.map(\.id))
    }

    /// The ids that may be the neighbours of the text-layer `candidates` when passages were read by OCR: a
    /// document's chunks are stored in order, so a chunk's neighbours are the ids on either side (the caller
    /// checks their document and ordinal by reading them). Empty when no passage was read by OCR.
    static func neighbourIDs(of candidates: [Int64], ocrRead: Set<Int64>) -> Set<Int64> {
        guard !ocrRead.isEmpty else { return [] }
        return Set(candidates.filter { !ocrRead.contains($0) }.flatMap { [$0 - 1, $0 + 1] }).subtracting(candidates)
    }
}
