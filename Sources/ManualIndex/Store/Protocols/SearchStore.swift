/// What a question is looked up with: the keyword channel, term statistics, phrases, documents' names.
public protocol SearchStore: AnyObject {
    /// How many chunks pass `filter`: none means every question asked with it would find nothing.
    func chunkCount(matching filter: SearchFilter) throws(StoreError) -> Int

    /// Chunks matching a keyword expression (`KeywordQuery`'s FTS5 syntax), best BM25 first, scored exactly
    /// as FTS5's `bm25(chunks_fts, 1.0, 2.0)` negated: positive, larger is better, the heading weighing
    /// twice the body. Ties go to the lower chunk id.
    func keywordHits(match expression: String, filter: SearchFilter, limit: Int) throws(StoreError) -> [ChannelHit]

    /// Library-wide chunk frequency of each term (how many chunks contain it).
    func chunkFrequencies(of terms: [String]) throws(StoreError) -> [String: Int]

    /// How many chunks hold each of `words` in its own spelling (the full-text index's stems keep "colour" and
    /// "color" apart, where the stored terms fold them: `SpellingVariants`). Words are letters only.
    func chunkCounts(spelling words: [String]) throws(StoreError) -> [String: Int]

    /// How many chunks of each document contain `term` (a stemmed term).
    func chunkCountsByDocument(of term: String) throws(StoreError) -> [Int64: Int]

    /// How many chunks each of these documents has.
    func chunkCounts(ofDocuments ids: Set<Int64>) throws(StoreError) -> [Int64: Int]

    /// The document each of these chunks belongs to.
    func documentIDs(ofChunks ids: [Int64]) throws(StoreError) -> [Int64: Int64]

    /// The chunks of `documentID` (within `filter`'s page and section) whose text holds `literal` as written,
    /// case and punctuation included, with their text, in chunk order.
    func chunks(of documentID: Int64, containing literal: String,
                filter: SearchFilter) throws(StoreError) -> [(id: Int64, text: String)]

    /// The chunks (of `documents` when given, within `filter`) the full-text index finds `phrase` in as a
    /// phrase, in its text or heading, at most `limit` per document (or in all, when none is given), by id.
    /// The index matches stems ("heated" finds "heating"): a caller wanting the words as written confirms
    /// them (`PhraseMatcher`).
    func chunks(matchingPhrase phrase: String, in documents: [Int64]?, filter: SearchFilter,
                limit: Int) throws(StoreError) -> [StoredChunk]

    /// Pages whose cleaned text contains `phrase` (case-insensitive, any whitespace between words).
    func pages(containing phrase: String, documentID: Int64?) throws(StoreError) -> [PhraseHit]

    /// `SourceCondition.rank` of those of `chunks` whose document's file had problems (damaged,
    /// copy-restricted); chunks of sound documents are left out, so a library without such files gives an
    /// empty map.
    func impairedChunkRanks(among chunks: [Int64]) throws(StoreError) -> [Int64: Int]

    /// Printed labels of a document's pages, keyed by physical number.
    func pageLabels(documentID: Int64, pages: ClosedRange<Int>) throws(StoreError) -> [Int: String]

    /// Every document's id, title and file name, oldest first: what citation markers name (`DocumentShortName`).
    func documentTitles() throws(StoreError) -> [(id: Int64, title: String, fileName: String)]

    /// Each document's names: its title, file name, and product make and model, oldest first.
    func documentNames() throws(StoreError) -> [(id: Int64, names: String)]

    /// Top-level headings across the library, most common first: what the library covers.
    func topics(limit: Int) throws(StoreError) -> [String]
}
