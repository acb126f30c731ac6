import ManualAnswer
import ManualIndex
import ManualRetrieval
/// What a question reads of the whole library, each worked out once per library state and kept in it
/// (`KeptWork`): each grows with the number of manuals, and at 1,008 manuals they were over half of a
/// question's instructions (the topics a quarter, the words of the manuals' names a fifth, the markers'
/// names a fifteenth; counting the chunks, 783 of a question's 2,071 page reads; reading every document's
/// title, names and pipeline, a third of the page reads left after that).
struct KeptLibraryFacts {
    let store: Store
    let kept: KeptWork

    /// What markers call each manual (`DocumentShortName.markerNames`) of the library's documents, which
    /// are read only when the names are not kept.
    func markerNames() throws -> [Int64: String] {
        let named = try kept.stringsByKey(kind: "marker-names") {
            Dictionary(uniqueKeysWithValues: DocumentShortName.markerNames(try store.documentTitles()).map { ("\($0.key)", $0.value) })
        }
        return Dictionary(uniqueKeysWithValues: named.compactMap { key, value in Int64(key).map { ($0, value) } })
    }

    /// The terms of every document's title, file name, make and model (`NamedDocuments.terms(ofNames:)`).
    func documentNameTerms() throws -> Set<String> {
        Set(try kept.strings(kind: "document-name-terms") { try KeptLibraryFacts.documentNameTerms(store).sorted() })
    }

    /// `documentNameTerms()` worked out from `store`.
    static func documentNameTerms(_ store: Store) throws -> Set<String> {
        try store.documentNames().reduce(into: Set<String>()) { $0.formUnion(NamedDocuments.terms(ofNames: $1.names)) }
    }

    /// How many chunks the library holds (the idf's total, `QueryTerms.libraryChunks`): counting them read
    /// the whole index of the chunks table each question, 38 % of its SQLite page reads at 1,008 manuals.
    func chunkCount() throws -> Int {
        try kept.integer(kind: "library-chunks") { try store.chunkCount() }
    }

    /// Which documents' names hold each term, and how many documents there are (`DocumentNameIndex`):
    /// `NamedDocuments` read and searched every document's names each question, an eighth of a question at
    /// 1,008 manuals, and counting the documents read the whole documents table again.
    /// Working it out analyses every document's names (about 10 ms at 1,008 manuals), so the last index of this
    /// process is remembered too: a library that cannot keep it (read-only, a question that must leave no trace)
    /// pays that once per process and state, not per question.
    func documentNameIndex() throws -> DocumentNameIndex {
        let memoKey = store.path + "\u{1}" + kept.state
        if let last = KeptLibraryFacts.lastNameIndex.withLock({ $0 }), last.key == memoKey { return last.index }
        let index = try kept.kept(kind: "document-name-index", read: DocumentNameIndex.init(text:), write: \.text) {
            DocumentNameIndex(documents: try store.documentNames())
        }
        KeptLibraryFacts.lastNameIndex.withLock { $0 = (memoKey, index) }
        return index
    }

    /// The index `documentNameIndex` last returned in this process, by library path and state.
    private static let lastNameIndex = Locked<(key: String, index: DocumentNameIndex)?>(nil)

    /// How many documents a pipeline other than `fingerprint` made (`reindex --stale`): a count over the
    /// whole documents table.
    func staleDocumentCount(fingerprint: String) throws -> Int {
        try kept.integer(kind: "stale-documents", key: fingerprint) { try store.staleDocumentCount(fingerprint: fingerprint) }
    }

    /// The library's main topics: its most common top-level headings that are not front matter, six at most.
    func topics() throws -> [String] {
        try kept.strings(kind: "library-topics") { try KeptLibraryFacts.topics(store) }
    }

    /// `topics()` worked out from `store`.
    static func topics(_ store: Store) throws -> [String] {
        Array(try store.topics(limit: 30).filter { !NavigationHeading.isFrontMatter($0) }.prefix(6))
    }
}
