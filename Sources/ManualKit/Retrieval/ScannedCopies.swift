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
    static let containment = 0.7
    /// A passage of fewer distinct terms (a heading, a page number) is held by too many others to tell.
    static let minimumTerms = 8

    /// The ids of those of `candidates` read by OCR (`ocrRead`) whose terms a text-layer candidate from
    /// another document mostly holds.
    static func copies(among candidates: [Int64], chunks: [Int64: StoredChunk], ocrRead: Set<Int64>) -> Set<Int64> {
        guard !ocrRead.isEmpty else { return [] }
        func terms(_ id: Int64) -> Set<String> {
            chunks[id].map { Set(TermsMemo.terms(DocumentProcessor.passage($0.chunk))) } ?? []
        }
        let textLayer = candidates.filter { !ocrRead.contains($0) && chunks[$0] != nil }.map { (id: $0, terms: terms($0)) }
        var copies: Set<Int64> = []
        for id in candidates where ocrRead.contains(id) {
            guard let document = chunks[id]?.documentID else { continue }
            let scanned = terms(id)
            guard scanned.count >= minimumTerms else { continue }
            let needed = Double(scanned.count) * containment
            if textLayer.contains(where: { twin in
                chunks[twin.id]?.documentID != document && Double(scanned.intersection(twin.terms).count) >= needed
            }) {
                copies.insert(id)
            }
        }
        return copies
    }
}
