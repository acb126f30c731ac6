import Foundation
import ManualIndex
import ManualQuestion

/// Finds the chunks that answer a question by fusing a keyword channel (BM25) and a semantic one (cosine).
///
/// Scores, all in [0, 1]:
/// - keyword(c)  = coverage(c) x bm25(c) / max bm25 over the keyword candidates, where coverage(c) is the
///   idf-weighted share of the question's terms that occur in c. The first factor makes the score
///   query-aware: a chunk that matches only the question's commonest word cannot score high.
/// - semantic(c) = (cos(c) - min cos) / (max cos - min cos) over the candidates of both channels, where
///   cos is the cosine of the question's and the chunk's static-table vectors. Mean word vectors share a
///   large common direction, so raw cosines of related and unrelated passages all lie within about 0.1 of
///   each other (0.6-0.75 in the dev corpus); stretched over the candidates, the channel's differences
///   weigh what its weight says. Every candidate of either channel gets its cosine, so a chunk BM25 found
///   is not scored 0 by the semantic channel only because it missed that channel's own top list.
/// - relevance   = keywordWeight x keyword + semanticWeight x semantic; when the question names some
///   documents (`NamedDocuments`), the relevance of other documents' chunks is multiplied by
///   `unnamedDocumentFactor`.
/// A chunk found by one channel only scores 0 in the other. A channel whose weight is 0 is not run,
/// so weights 1/0 and 0/1 are exactly the single channels.
///
/// The best `rerankDepth` (20) candidates by that relevance are then looked at again (`Reranker`): the
/// keyword score takes in how close together the question's terms stand in the chunk (weight
/// `proximityWeight` within the channel), the semantic score the cosine of the chunk's best run of three
/// sentences (`passageWeight`), and the best `topK` of the new relevance are returned. Evidence keeps
/// the scores from before: it says how much the library covers the question, not which chunk is first.
///
/// A question naming a command-line option ("-e") has the chunks holding it as written re-ranked wherever
/// BM25 put them (`OptionChunks`); asked what the option does (`NamedOptions.isTopic`), its own entry
/// ("-e Causes a chip erase …") leads the list.
public struct HybridRetriever {
    public let store: Store
    public let embedder: StaticEmbedder
    public var settings: RetrievalSettings

    public init(store: Store, embedder: StaticEmbedder = StaticEmbedder(), settings: RetrievalSettings = RetrievalSettings()) {
        self.store = store
        self.embedder = embedder
        self.settings = settings
    }

    /// The best `settings.topK` chunks for `question`, most relevant first.
    public func search(_ question: String, filter: SearchFilter = SearchFilter()) throws -> [SearchResult] {
        try search(QuestionIntent(typed: question), terms: QueryTerms(question: question, store: store), filter: filter)
    }

    /// `search(_:filter:)` for a question already read, with its terms and their library idf already looked up.
    /// `named`: the manuals the question names, when the caller has looked them up already.
    package func search(_ intent: QuestionIntent, terms: QueryTerms, filter: SearchFilter, named given: NamedDocuments? = nil) throws -> [SearchResult] {
        var keyword: [Int64: Double] = [:]
        var semantic: [Int64: Double] = [:]
        var cosines: [Int64: Double] = [:]
        var vector: [Float] = []

        let question = intent.text
        let options = intent.options
        let namedDocuments = try given ?? (settings.unnamedDocumentFactor < 1 || !options.isEmpty
            ? NamedDocuments(terms: terms, store: store) : nil)
        let named = namedDocuments?.ids ?? []
        // Asked what an option does, its own entry leads; asked about a detail, the detail's page may.
        let entryLeads = options.isTopic(ofQuestionTerms: terms.terms, besides: namedDocuments?.nameTerms ?? [])
        // Chunks naming an option the question names are re-ranked whatever BM25 made of its letter.
        var optionChunks: Set<Int64> = []
        var keywordBest: Int64?
        if settings.keywordWeight > 0, let expression = KeywordQuery(question).matchExpression {
            let hits = try store.keywordHits(match: expression, filter: filter, limit: settings.candidatesPerChannel)
            let best = hits.first?.score ?? 0
            keywordBest = hits.first?.chunkID
            for hit in hits where best > 0 { keyword[hit.chunkID] = hit.score / best }
            if !options.isEmpty, best > 0 {
                let top = Array(hits.prefix(10).map(\.chunkID))
                let documents = OptionChunks.documents(filter: filter, named: named, owners: try store.documentIDs(ofChunks: top),
                                                       bestFirst: top)
                let found = try OptionChunks(store: store, options: options).chunkIDs(in: documents, filter: filter)
                // BM25 ranked them below its list (or its list holds them): they score as its last, which
                // they match at least as well, holding the option's letter. Scoring each exactly would run
                // the whole MATCH once per chunk.
                let floor = (hits.last?.score ?? 0) / best
                for id in found.naming where keyword[id] == nil { keyword[id] = floor }
                // The option list's entries are looked at again wherever they rank; re-ranking every chunk
                // that names the option (ngspice's "-b" stands in 20) would cost as much as the rest.
                optionChunks = found.entries
            }
        }
        if settings.semanticWeight > 0 {
            vector = embedder.embed(question)
            cosines = try semanticHits(vector, filter: filter, alsoScoring: Array(keyword.keys))
            semantic = SemanticNormalization.stretched(cosines, minSpan: settings.semanticMinSpan)
        }

        // A question that names a manual is answered from it, unless another is much more relevant.
        var factors: [Int64: Double] = [:]
        if settings.unnamedDocumentFactor < 1, filter.documentID == nil {
            if !named.isEmpty {
                let owners = try store.documentIDs(ofChunks: Array(Set(keyword.keys).union(semantic.keys)))
                for (chunk, document) in owners where !named.contains(document) {
                    factors[chunk] = settings.unnamedDocumentFactor
                }
            }
        }
        // Copies of one passage tie; the copy from a sound file leads.
        let copies = try CopyPreference(store: store, chunks: Set(keyword.keys).union(semantic.keys))
        let reranking = (settings.keywordWeight > 0 && settings.proximityWeight > 0)
            || (settings.semanticWeight > 0 && settings.passageWeight > 0)
        let candidates = try topCandidates(keyword: keyword, semantic: semantic, terms: terms, factors: factors,
                                           limit: max(settings.topK, settings.rerankDepth),
                                           required: (reranking ? optionChunks : []).union(keywordBest.map { [$0] } ?? []),
                                           copies: copies)
        let chunks = Dictionary(uniqueKeysWithValues: try store.chunks(ids: candidates.map(\.id)).map { ($0.id, $0) })
        // Passages read by OCR, which may be a scan's copy of a manual's text (`ScannedCopies`).
        let ocrRead = try ScannedCopies.readByOCR(chunks, store: store)
        let neighbourIDs = ScannedCopies.neighbourIDs(of: candidates.map(\.id), ocrRead: ocrRead)
        let neighbours = neighbourIDs.isEmpty ? [:]
            : Dictionary(uniqueKeysWithValues: try store.chunks(ids: Array(neighbourIDs)).map { ($0.id, $0) })
        let best = rerank(candidates, chunks: chunks, question: vector, terms: terms, options: options,
                          entryLeads: entryLeads, factors: factors, copies: copies, ocrRead: ocrRead, neighbours: neighbours,
                          keywordBest: keywordBest)
        return try searchResults(best, chunks: chunks, keyword: keyword, semantic: semantic, cosines: cosines, terms: terms,
                                 factors: factors)
    }

    /// The `limit` best candidates by relevance (ties: `CopyPreference`), with their scores, and the
    /// `required` ones (chunks that may hold the entry of an option the question names: `OptionChunks`)
    /// wherever they rank.
    ///
    /// Coverage can only lower a keyword score, so keyword weight x BM25 + semantic weight x cosine bounds
    /// each candidate's relevance from above. Candidates are scored best bound first, and scoring stops
    /// once no bound left can reach the `limit`-th relevance found: the result is the same as scoring them
    /// all, without analysing the text of a hundred chunks that cannot make the list.
    private func topCandidates(keyword: [Int64: Double], semantic: [Int64: Double], terms: QueryTerms,
                               factors: [Int64: Double], limit: Int, required: Set<Int64> = [],
                               copies: CopyPreference) throws -> [Scored] {
        let candidates = Set(keyword.keys).union(semantic.keys).map { id -> (id: Int64, bound: Double) in
            (id, fused(keyword: keyword[id] ?? 0, semantic: semantic[id] ?? 0, factor: factors[id]))
        }.sorted { $0.bound != $1.bound ? $0.bound > $1.bound : $0.id < $1.id }
        // Coverage only matters where BM25 found the chunk; the others get their matched terms once they
        // have made the top K.
        func score(_ id: Int64) throws -> Scored? {
            var matched: [String] = []
            if keyword[id] != nil, let passage = try store.passage(chunkID: id) {
                matched = terms.matched(among: Set(TermsMemo.terms(passage)))
            }
            let keywordScore = (keyword[id] ?? 0) * terms.coverage(of: matched)
            let semanticScore = semantic[id] ?? 0
            let relevance = fused(keyword: keywordScore, semantic: semanticScore, factor: factors[id])
            guard relevance > 0 else { return nil }
            return Scored(id: id, keyword: keywordScore, semantic: semanticScore, relevance: relevance,
                          matched: matched, fusedKeyword: keywordScore)
        }
        var scored: [Scored] = []
        for candidate in candidates {
            if scored.count >= limit, let kth = scored.last, candidate.bound < kth.relevance { break }
            guard let candidate = try score(candidate.id) else { continue }
            scored.append(candidate)
            scored.sort { copies.precedes($0.id, $0.relevance, $1.id, $1.relevance) }
            if scored.count > limit { scored.removeLast() }
        }
        for id in required.sorted() where !scored.contains(where: { $0.id == id }) {
            if let candidate = try score(id) { scored.append(candidate) }
        }
        return scored
    }

    /// The `topK` best of `candidates` once `Reranker`'s signals are in their channel scores, each passage once.
    ///
    /// keyword' = (keyword + proximityWeight x proximity) / (1 + proximityWeight), for chunks the keyword
    /// channel found; semantic' = (semantic + passageWeight x best passage) / (1 + passageWeight), the best
    /// passage's cosine stretched over the candidates. A channel with weight 0 adds nothing.
    private func rerank(_ candidates: [Scored], chunks: [Int64: StoredChunk], question: [Float], terms: QueryTerms,
                        options: NamedOptions, entryLeads: Bool, factors: [Int64: Double], copies: CopyPreference,
                        ocrRead: Set<Int64>, neighbours: [Int64: StoredChunk], keywordBest kept: Int64?) -> [Scored] {
        let proximityWeight = settings.keywordWeight > 0 ? max(0, settings.proximityWeight) : 0
        let optionWeight = settings.keywordWeight > 0 && !options.isEmpty ? max(0, settings.optionWeight) : 0
        let passageWeight = settings.semanticWeight > 0 && !question.isEmpty ? max(0, settings.passageWeight) : 0
        let reranker = Reranker(terms: terms, question: passageWeight > 0 ? question : [], embedder: embedder)
        var proximity: [Int64: Double] = [:]
        var passages: [Int64: Double] = [:]
        var naming: Set<Int64> = []
        var defining: Set<Int64> = []
        var pieces = LentCaches.wordPieces.take()
        defer { LentCaches.wordPieces.putBack(pieces) }
        // A chunk's windows are remembered under its library's state and its id: the state changes whenever a
        // document is added or removed, or the library is made anew, so a key never names two texts.
        let libraryState = passageWeight > 0 ? try? store.stateKey() : nil
        for candidate in candidates {
            guard let chunk = chunks[candidate.id]?.chunk else { continue }
            if proximityWeight > 0, candidate.keyword > 0 {
                proximity[candidate.id] = reranker.proximity(TermsMemo.terms(ChunkPassage.text(chunk)))
            }
            if optionWeight > 0, options.named(in: chunk.text) {
                naming.insert(candidate.id)
                if entryLeads, options.defined(in: chunk.sentences) { defining.insert(candidate.id) }
            }
            if passageWeight > 0, let cosine = reranker.bestPassageCosine(
                chunk.sentences, pieces: chunk.sentencePieces, key: libraryState.map { "\($0)\u{1}\(candidate.id)" },
                cache: &pieces) { passages[candidate.id] = cosine }
        }
        passages = SemanticNormalization.stretched(passages)
        var rescored = candidates.map { candidate -> Scored in
            var scored = candidate
            scored.keyword = (candidate.keyword + proximityWeight * (proximity[candidate.id] ?? 0)
                              + (naming.contains(candidate.id) ? optionWeight : 0)) / (1 + proximityWeight + optionWeight)
            scored.semantic = (candidate.semantic + passageWeight * (passages[candidate.id] ?? 0)) / (1 + passageWeight)
            scored.relevance = fused(keyword: scored.keyword, semantic: scored.semantic, factor: factors[candidate.id])
            scored.definesOption = defining.contains(candidate.id)
            return scored
        }
        // The option's own entry answers "What does -e do?"; neither channel can tell it from an example
        // command line that uses "-e" (the letter means nothing to the table), so it leads.
        rescored.sort {
            if $0.definesOption != $1.definesOption { return $0.definesOption }
            return copies.precedes($0.id, $0.relevance, $1.id, $1.relevance)
        }
        // A passage stands once: its copies in other documents (a second copy of the manual) would fill the
        // list with the same text. The best-placed copy stays; they all score alike (`CopyPreference`).
        var seen: Set<PassageText> = []
        rescored.removeAll { candidate in
            guard let chunk = chunks[candidate.id]?.chunk else { return false }
            return !seen.insert(PassageText(headingPath: chunk.headingPath, text: chunk.text)).inserted
        }
        // A scan's OCR copy of a passage another manual holds as text stands behind it, left out (`ScannedCopies`).
        let scanned = ScannedCopies.copies(among: rescored.map(\.id), chunks: chunks.merging(neighbours) { own, _ in own },
                                           ocrRead: ocrRead)
        rescored.removeAll { scanned.contains($0.id) }
        var best = Array(rescored.prefix(settings.topK))
        // Found by meaning alone, the list holds none of the question's words; the keyword channel's best match
        // holds some, and leads. A question whose only word is a name the embedding table cannot read ("What
        // does feval do?") ranked its one keyword match below twenty passages of meaningless closeness.
        if let kept, !best.contains(where: { $0.keyword > 0 }), let own = rescored.first(where: { $0.id == kept }) {
            best = [own] + best.filter { $0.id != kept }.prefix(max(0, settings.topK - 1))
        }
        return best
    }

    /// A chunk's relevance from its channel scores and, when the question names other documents, its factor.
    private func fused(keyword: Double, semantic: Double, factor: Double?) -> Double {
        (factor ?? 1) * (settings.keywordWeight * keyword + settings.semanticWeight * semantic)
    }

    /// The scored candidates as results: their chunks read whole, with document titles and page labels.
    private func searchResults(_ scored: [Scored], chunks: [Int64: StoredChunk], keyword: [Int64: Double],
                               semantic: [Int64: Double], cosines: [Int64: Double], terms: QueryTerms,
                               factors: [Int64: Double]) throws -> [SearchResult] {
        var documents: [Int64: DocumentRecord] = [:]
        var results: [SearchResult] = []
        for hit in scored {
            guard let stored = chunks[hit.id] else { continue }
            if documents[stored.documentID] == nil { documents[stored.documentID] = try store.document(id: stored.documentID) }
            let document = documents[stored.documentID]
            let chunk = stored.chunk
            let matchType: MatchType = keyword[hit.id] != nil && semantic[hit.id] != nil ? .hybrid
                : keyword[hit.id] != nil ? .keyword : .semantic
            var result = SearchResult(
                chunkID: stored.id, documentID: stored.documentID, documentTitle: document?.title ?? "",
                fileName: document?.fileName ?? "", chunk: chunk, keywordScore: hit.keyword,
                semanticScore: hit.semantic, relevance: hit.relevance, matchType: matchType,
                matchedTerms: matchType == .semantic ? terms.matched(in: ChunkPassage.text(chunk)) : hit.matched)
            result.documentFactor = factors[hit.id]
            result.definesOption = hit.definesOption
            result.cosine = cosines[hit.id]
            result.evidence = fused(keyword: hit.fusedKeyword, semantic: SemanticNormalization.absolute(cosines[hit.id] ?? 0, settings),
                                    factor: factors[hit.id])
            result.pageLabels = try store.pageLabels(documentID: stored.documentID,
                                                     pages: chunk.firstPage...max(chunk.firstPage, chunk.lastPage))
            results.append(result)
        }
        return results
    }

    /// What makes two chunks copies of one passage.
    private struct PassageText: Hashable {
        var headingPath: [String]
        var text: String
    }

    /// A candidate's scores, before its chunk is read whole.
    private struct Scored {
        var id: Int64
        var keyword: Double
        var semantic: Double
        var relevance: Double
        var matched: [String]
        /// The keyword score before re-ranking: evidence weighs what BM25 and coverage found, as before.
        var fusedKeyword: Double
        /// The chunk is the entry of an option the question names (`NamedOptions.defined(in:)`).
        var definesOption = false
    }
}
