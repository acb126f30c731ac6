import ManualAnswer
import ManualIndex
import ManualRetrieval
/// What a question reads of the whole library, each worked out once per library state and kept in it
/// (`KeptWork`): each grows with the number of manuals, and at 1,008 manuals they were over half of a
/// question's instructions (the topics a quarter, the words of the manuals' names a fifth, the markers'
/// names a fifteenth; counting the chunks, 783 of a question's 2,071 page reads).
struct KeptLibraryFacts {
    let store: Store
    let kept: KeptWork

    /// What markers call each manual (`DocumentShortName.markerNames`) of `documents`, the library's.
    func markerNames(_ documents: [(id: Int64, title: String, fileName: String)]) -> [Int64: String] {
        let named: [String: String] = kept.decoded(kind: "marker-names") {
            Dictionary(uniqueKeysWithValues: DocumentShortName.markerNames(documents).map { ("\($0.key)", $0.value) })
        }
        return Dictionary(uniqueKeysWithValues: named.compactMap { key, value in Int64(key).map { ($0, value) } })
    }

    /// The terms of every document's title, file name, make and model (`NamedDocuments.terms(ofNames:)`).
    func documentNameTerms() throws -> Set<String> {
        Set(try kept.decoded(kind: "document-name-terms") { try KeptLibraryFacts.documentNameTerms(store).sorted() })
    }

    /// `documentNameTerms()` worked out from `store`.
    static func documentNameTerms(_ store: Store) throws -> Set<String> {
        try store.documentNames().reduce(into: Set<String>()) { $0.formUnion(NamedDocuments.terms(ofNames: $1.names)) }
    }

    /// How many chunks the library holds (the idf's total, `QueryTerms.libraryChunks`): counting them read
    /// the whole index of the chunks table each question, 38 % of its SQLite page reads at 1,008 manuals.
    func chunkCount() throws -> Int {
        try kept.decoded(kind: "library-chunks") { try store.chunkCount() }
    }

    /// The library's main topics: its most common top-level headings that are not front matter, six at most.
    func topics() throws -> [String] {
        try kept.decoded(kind: "library-topics") { try KeptLibraryFacts.topics(store) }
    }

    /// `topics()` worked out from `store`.
    static func topics(_ store: Store) throws -> [String] {
        Array(try store.topics(limit: 30).filter { !NavigationHeading.isFrontMatter($0) }.prefix(6))
    }
}
