import Foundation
import ManualAnswer
import ManualIndex
import ManualIngest
import ManualQuestion
import ManualRetrieval

/// An answer and the id it was stored under in the query history.
public struct AskResult: Sendable {
    public var answer: Answer
    /// nil when the question was not recorded.
    public var queryID: Int64?
    /// Why a question that was to be recorded was not (a read-only library, a full disk, a writer
    /// holding the library): answering is a read, and the history is best-effort.
    public var notRecorded: StoreError?
}

/// The library as another Swift program uses it: ingest manuals, ask questions, find phrases.
///
/// Like the SQLite connection inside it, a `ManualLibrary` is used by one thread at a time; open one
/// per thread (or per request) to work in parallel: readers never block each other.
public final class ManualLibrary {
    public let store: Store
    public let pipeline: PipelineSettings
    public var answerSettings: AnswerSettings
    /// `libraryTopics()` as last read, with the generation it was read at.
    private var topicsMemo: (generation: Int64, topics: [String])?
    /// What the question being answered reads of the library and keeps in it (`KeptWork`); set by `ask` for
    /// the length of its read transaction.
    private var kept: KeptWork?

    /// Opens the library file at `path`, creating it when missing unless `creating` is false (then a
    /// missing library is `StoreError.noLibrary`; see `Store.init`).
    public init(path: String, pipeline: PipelineSettings = PipelineSettings(),
                answerSettings: AnswerSettings = AnswerSettings(), creating: Bool = true) throws {
        store = try Stores.open(path, creating: creating)
        self.pipeline = pipeline
        self.answerSettings = answerSettings
    }

    /// Ingests one PDF; see `Ingestor.ingest`.
    public func ingest(_ path: String, options: IngestOptions = IngestOptions(),
                       progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> IngestReport {
        try Ingestor(store: store, settings: pipeline).ingest(path, options: options, progress: progress)
    }

    /// Answers `question` from the library, recording it in the history unless `record` is false.
    /// Throws when `filter` names a document, page or section the library does not have (`SearchFilter.check`).
    /// `keep` false writes nothing to the library, not even the work the answer derived from it (`KeptWork`):
    /// for a read that must leave no trace (a question from another website).
    public func ask(_ question: String, filter: SearchFilter = SearchFilter(),
                    retrieval: RetrievalSettings = RetrievalSettings(), record: Bool = true,
                    keep: Bool = true) throws -> AskResult {
        var keptWork: KeptWork?
        defer { kept = nil }
        var answer = try store.reading { () throws -> Answer in
            try filter.check(against: store)
            let memoKey = AnswerMemo.key(state: try store.stateKey(), question: question, filter: filter, retrieval: retrieval,
                                         embedder: pipeline.embedder)
            if let known = AnswerMemo.answer(for: memoKey, settings: answerSettings) { return known }
            // A follow-up is checked as the reader would ask it: the whole library, these settings.
            // Only the passages an answer quotes from decide its first citation and confidence.
            var checking = retrieval
            checking.topK = min(retrieval.topK, answerSettings.passagesConsidered)
            // Re-ranking looks again at the candidates a check keeps, not at 20: a question checks up to
            // three follow-ups, and embedding the sentences of 20 chunks for each doubled a question's time.
            checking.rerankDepth = checking.topK
            // In a library of several manuals, every marker names its manual.
            let work = try KeptWork(store: store)
            (kept, keptWork) = (work, work)
            let facts = KeptLibraryFacts(store: store, kept: work)
            let names = try facts.documentNameIndex()
            if names.documentCount == 0 { return Answer.emptyLibrary(question: question, ingest: LibraryLocation.ingestCommand(for: store.path)) }
            let markerNames = names.documentCount > 1 ? try facts.markerNames() : nil
            let checks = KeptFollowUpChecks(kept: work, retrieval: checking, answer: answerSettings)
            let followUps = try AnswerableFollowUps(store: store, settings: checking.memoKey, kept: checks) { [self, checking] question in
                try answerInTransaction(question, filter: SearchFilter(), retrieval: checking, markerNames: markerNames,
                                        names: names, followUps: nil)
            }
            var answer = try answerInTransaction(question, filter: filter, retrieval: retrieval, markerNames: markerNames,
                                                 names: names, followUps: followUps.source)
            try ManualLibrary.markOCRCitations(&answer, store: store)
            AnswerMemo.keep(answer, for: memoKey, settings: answerSettings)
            return answer
        }
        answer.question = question
        // Threads of one process take turns here rather than in SQLite, whose busy handler sleeps
        // for milliseconds between tries: with four connections answering at once, those sleeps were
        // most of a served question's time.
        if let keptWork, keep {
            ManualLibrary.historyTurn.withLock { keptWork.save() }
        }
        guard record else { return AskResult(answer: answer, queryID: nil) }
        ManualLibrary.historyTurn.lock()
        let recorded = Result { () throws(StoreError) -> Int64 in try store.record(QueryRecord(
            askedAt: Ingestor.now(), question: question, documentID: filter.documentID,
            confidence: answer.confidence.rawValue, score: answer.score,
            citedPages: StableJSON.string(answer.sourcePages.map { CitedPage(documentID: $0.documentID, page: $0.page) }),
            relevances: StableJSON.string(answer.results.map(\.relevance)),
            answerJSON: StableJSON.string(answer)), waitMilliseconds: ManualLibrary.historyWaitMilliseconds) }
        ManualLibrary.historyTurn.unlock()
        switch recorded {
        case .success(let id): return AskResult(answer: answer, queryID: id)
        case .failure(let error): return AskResult(answer: answer, queryID: nil, notRecorded: error)
        }
    }

    /// The answer to `question` within a read transaction the caller holds; `followUps` nil suggests none
    /// (a follow-up's own check needs no follow-ups). `markerNames`: what markers call each manual, nil in a
    /// library of one. `names`: which documents' names hold each term, as kept for the library's state.
    private func answerInTransaction(_ question: String, filter: SearchFilter, retrieval: RetrievalSettings,
                                     markerNames: [Int64: String]?, names: DocumentNameIndex,
                                     followUps: FollowUpSource?) throws -> Answer {
        let intent = try QuestionIntent.read(question, store: store)
        let interpreted = intent.text
        // The answer reads the best `passagesRetrieved` chunks however many results are listed (the
        // retriever's order is the same for any number asked), so `--top-k 10` answers as the default
        // does; a follow-up's check reads only the ones that decide its confidence.
        let depth = followUps == nil ? retrieval.topK : answerSettings.passagesRetrieved
        // A few more are read than answered from, so that a contents page demoted below the pages it points
        // to leaves room for the next passage instead of keeping its place among the best (`NavigationDemotion`).
        let read = depth + NavigationDemotion.margin
        var listing = retrieval
        listing.topK = max(retrieval.topK, read)
        let wanted = listing.topK
        // The passage that answers may rank below the list: the one stating the kind of value asked for
        // (`ExpectedValue`), or the keyword channel's best match when the list does not hold the question's
        // words. The re-ranked candidates are kept as a reserve the answer reads only then.
        listing.topK = max(wanted, retrieval.rerankDepth)
        let retriever = HybridRetriever(store: store, embedder: pipeline.embedder, settings: listing)
        // One look-up of the question's terms serves retrieval and the answer's evidence weights.
        let terms = QueryTerms(question: interpreted, store: store,
                               libraryChunks: try kept.map { try KeptLibraryFacts(store: store, kept: $0).chunkCount() })
        // The manuals the question names: the retriever prefers them, and the answer judges their passages as
        // holding their name.
        let named = try NamedDocuments(terms: terms, store: store, index: names)
        let searched = try retriever.search(intent, terms: terms, filter: filter, named: named)
        let found = Array(searched.prefix(wanted))
        let demotion = NavigationDemotion(terms: terms, settings: retrieval)
        let continuation = ListContinuation(store: store)
        let results = try continuation.complete(Array(demotion.apply(Array(found.prefix(read))).prefix(depth)))
        var settings = answerSettings
        if followUps == nil { settings.maxFollowUps = 0 }
        // Asked what something is, the best result's section is read from its start (`SectionOpening`).
        let openings = intent.definedTerms.isEmpty ? []
            : try results.prefix(1).compactMap(SectionOpening(store: store).opening(of:))
        // The library's topics are read only for the answer that offers them ("not covered"): grouping every
        // top-level heading was a quarter of each question at 1,008 manuals (docs/performance.md).
        var topicsFailure: (any Error)?
        var library = AnswerContext()
        if followUps != nil { library.libraryTopics = { self.libraryTopics(keepingFailureIn: &topicsFailure) } }
        library.libraryIDF = terms.idfs
        library.unknownTerms = terms.unknown
        library.documentNameTerms = try documentNameTerms(terms)
        library.namedDocuments = Dictionary(uniqueKeysWithValues: named.ids.map { ($0, named.nameTerms) })
        library.markerNames = markerNames
        library.embedder = pipeline.embedder
        library.followUps = followUps
        var answer = AnswerGenerator(settings: settings).answer(
            intent: intent, results: results, openings: openings,
            reserve: searched.filter { candidate in !results.contains { $0.chunkID == candidate.chunkID } },
            library: library)
        if let topicsFailure { throw topicsFailure }
        // Listing fewer than the answer read: the first of them. More: all that were found, in their own order.
        if retrieval.topK != depth {
            let listed = retrieval.topK < depth ? results : try continuation.complete(demotion.apply(found))
            answer.results = listed.prefix(max(0, retrieval.topK)).enumerated().map { RankedPassage(rank: $0.offset + 1, result: $0.element) }
        }
        return answer
    }

    /// The question's terms that no chunk contains but a document's title, file name, make or model does:
    /// a manual's name on its cover alone ("Zorvex" in the file name) is no unknown name. Read only when
    /// the question has such terms.
    private func documentNameTerms(_ terms: QueryTerms) throws -> Set<String> {
        guard !terms.unknown.isEmpty else { return [] }
        let named = try kept.map { try KeptLibraryFacts(store: store, kept: $0).documentNameTerms() }
            ?? KeptLibraryFacts.documentNameTerms(store)
        return terms.unknown.intersection(named)
    }

    /// How many documents a pipeline other than this binary's made (`reindex --stale` brings them up to date),
    /// kept in the library for its state like the other facts of the whole library (`KeptLibraryFacts`).
    public func staleDocumentCount() throws -> Int {
        let fingerprint = pipeline.recordedFingerprint
        let (work, count) = try store.reading { () throws -> (KeptWork, Int) in
            let work = try KeptWork(store: store)
            return (work, try KeptLibraryFacts(store: store, kept: work).staleDocumentCount(fingerprint: fingerprint))
        }
        ManualLibrary.historyTurn.withLock { work.save() }
        return count
    }

    /// Sets `ocr` on the citations of OCR'd pages, read in the same snapshot as the answer.
    private static func markOCRCitations(_ answer: inout Answer, store: Store) throws {
        let cited = answer.citations + (answer.alsoIn ?? [])
        guard !cited.isEmpty else { return }
        let ocrPages = try store.ocrPages(among: Set(cited.map { PageKey(documentID: $0.documentID, page: $0.page) }))
        guard !ocrPages.isEmpty else { return }
        func mark(_ citation: inout Citation) {
            if ocrPages.contains(PageKey(documentID: citation.documentID, page: citation.page)) { citation.ocr = true }
        }
        for index in answer.citations.indices { mark(&answer.citations[index]) }
        if answer.alsoIn != nil {
            for index in answer.alsoIn!.indices { mark(&answer.alsoIn![index]) }
        }
    }

    /// `libraryTopics()`, or none with its error kept in `failure`: the answer, which cannot throw, reads them.
    private func libraryTopics(keepingFailureIn failure: inout (any Error)?) -> [String] {
        do { return try libraryTopics() } catch { failure = error; return [] }
    }

    /// The library's main topics, for follow-ups and for saying what the library covers. They change
    /// only when documents are added or removed, which bumps the library's generation; until then
    /// they are reused (the grouping query was a thirteenth of a question's time).
    private func libraryTopics() throws -> [String] {
        let generation = try store.vectorGeneration()
        if let memo = topicsMemo, memo.generation == generation { return memo.topics }
        let topics = try kept.map { try KeptLibraryFacts(store: store, kept: $0).topics() }
            ?? KeptLibraryFacts.topics(store)
        topicsMemo = (generation, topics)
        return topics
    }

    /// How long recording a question waits for a writer that holds the library.
    public static let historyWaitMilliseconds = 500

    /// One history write at a time within this process (see `ask`).
    private static let historyTurn = NSLock()

    /// Pages where `phrase` occurs word for word.
    public func find(_ phrase: String, documentID: Int64? = nil) throws -> [PhraseHit] {
        try store.pages(containing: phrase, documentID: documentID)
    }
}

private struct CitedPage: Encodable {
    var documentID: Int64
    var page: Int
}

/// JSON with sorted keys and unescaped slashes: the same value always gives the same bytes.
public enum StableJSON {
    public static func string<T: Encodable>(_ value: T, pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
