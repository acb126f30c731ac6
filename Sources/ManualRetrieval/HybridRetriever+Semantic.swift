import ManualIndex
/// The semantic channel of `HybridRetriever`: cosines of the question's vector with the chunks'.
extension HybridRetriever {
    /// Whole-library and per-document searches scan the memory-mapped int8 index; page and section
    /// filters select few chunks, which are scanned straight from SQLite.
    /// The cosines of the channel's own best candidates and of `alsoScoring` (the keyword channel's).
    func semanticHits(_ vector: [Float], filter: SearchFilter, alsoScoring extra: [Int64]) throws -> [Int64: Double] {
        if filter.page == nil && filter.section == nil {
            let index = try VectorIndex(store: store, dimension: embedder.dimension)
            var cosines = index.scores(of: extra, query: vector)
            for hit in index.search(vector, documentID: filter.documentID, limit: settings.candidatesPerChannel) {
                cosines[hit.chunkID] = hit.score
            }
            return cosines
        }
        let query = QuantizedVector(vector)
        var hits: [ChannelHit] = []
        query.bytes.withUnsafeBytes { q in
            for stored in (try? store.quantizedVectors(filter: filter)) ?? [] where stored.bytes.count == vector.count {
                let dot = stored.bytes.withUnsafeBytes { QuantizedVector.dot(q, $0, count: vector.count) }
                let score = Double(Float(dot) * query.scale * stored.scale)
                if score > 0 { hits.append(ChannelHit(chunkID: stored.chunkID, score: score)) }
            }
        }
        hits.sort { $0.score != $1.score ? $0.score > $1.score : $0.chunkID < $1.chunkID }
        let wanted = Set(extra)
        var cosines: [Int64: Double] = [:]
        for (rank, hit) in hits.enumerated() where rank < settings.candidatesPerChannel || wanted.contains(hit.chunkID) {
            cosines[hit.chunkID] = hit.score
        }
        return cosines
    }
}
