import Foundation

extension PostgresStore {
    /// Reads, in one statement, what a question asks next about the pages of its candidates `chunks`, and
    /// keeps it in the open snapshot: the printed labels of the candidates' pages (`pageLabels`, asked per
    /// cited passage) and every OCR'd page of their documents (`ocrPages`). Asked one document at a time,
    /// these were a round trip each (a dozen a question); a fresh server process pays a round trip most.
    func prefetchPages(of chunks: [StoredChunk]) throws(StoreError) {
        guard let snapshot, !chunks.isEmpty else { return }
        var ranges: [Int64: Set<Int>] = [:]
        for stored in chunks where snapshot.labels[stored.documentID] == nil {
            let first = stored.chunk.firstPage
            ranges[stored.documentID, default: []].formUnion(first...max(first, stored.chunk.lastPage))
        }
        let documents = Set(chunks.map(\.documentID))
        let ocrUnknown = documents.subtracting(snapshot.ocrPages.keys).sorted()
        var rangeDocuments: [Int64] = [], firsts: [Int64] = [], lasts: [Int64] = []
        for stored in chunks where ranges[stored.documentID] != nil {
            rangeDocuments.append(stored.documentID)
            firsts.append(Int64(stored.chunk.firstPage))
            lasts.append(Int64(max(stored.chunk.firstPage, stored.chunk.lastPage)))
        }
        guard !ocrUnknown.isEmpty || !rangeDocuments.isEmpty else { return }
        let rows = try connection.query("""
            SELECT document_id, number, NULL, true FROM pages WHERE document_id = ANY($1::bigint[]) AND text_source = 'ocr'
            UNION ALL
            SELECT p.document_id, p.number, p.label, false FROM unnest($2::bigint[], $3::integer[], $4::integer[]) AS r(d, f, l)
            JOIN pages p ON p.document_id = r.d AND p.number BETWEEN r.f AND r.l WHERE p.label IS NOT NULL
            """, [.text(PostgresArray.integers(ocrUnknown)), .text(PostgresArray.integers(rangeDocuments)),
                  .text(PostgresArray.integers(firsts)), .text(PostgresArray.integers(lasts))])
        for id in ocrUnknown { snapshot.ocrPages[id] = [] }
        var labels: [Int64: [Int: String]] = [:]
        for row in 0..<rows.count {
            let document = rows.int(row, 0), page = Int(rows.int(row, 1))
            if rows.text(row, 3) == "t" {
                snapshot.ocrPages[document, default: []].insert(page)
            } else {
                labels[document, default: [:]][page] = rows.text(row, 2) ?? ""
            }
        }
        for (document, pages) in ranges {
            var some = snapshot.someLabels[document] ?? (pages: [], labels: [:])
            some.pages.formUnion(pages)
            some.labels.merge(labels[document] ?? [:]) { _, new in new }
            snapshot.someLabels[document] = some
        }
    }
}
