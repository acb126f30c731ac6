/// The chunks that name the options a question names ("-e"), found by the option as written.
///
/// The FTS tokenizer reads "-e" as the letter "e", which every "e.g." holds, so BM25 cannot find the
/// description of `-e` in an option list of forty: "What does the -e option do?" was answered from an
/// example invocation or a sentence about "e.g., avrdude -c usbtiny/S". Exact codes and option letters
/// are the keyword channel's job: this finds, in the manuals the question is about (those it names,
/// else those of the keyword channel's best candidates), the chunks holding the option as a whole token
/// (`NamedOptions.places`), so that the re-ranker, which favours chunks naming it, sees them.
struct OptionChunks {
    let store: Store
    let options: NamedOptions

    /// Manuals searched at most: the question is about one, two at a stretch; scanning their chunks'
    /// text is cheap, scanning a thousand manuals' is not.
    static let documentLimit = 3

    /// The chunks of `documents` (the first `documentLimit`) that name one of the options, and among them
    /// those where it may start a sentence (an entry of the option list: `NamedOptions.defined(in:)` decides
    /// on the chunk's sentences; the text tells only where a sentence may start).
    func chunkIDs(in documents: [Int64], filter: SearchFilter) throws -> (naming: [Int64], entries: Set<Int64>) {
        guard !options.isEmpty else { return ([], []) }
        var naming: [Int64] = []
        var entries = Set<Int64>()
        var seen = Set<Int64>()
        for document in documents.prefix(OptionChunks.documentLimit) {
            for option in options.options {
                for chunk in try store.chunks(of: document, containing: option, filter: filter) {
                    let places = NamedOptions.places(of: option, in: chunk.text)
                    guard !places.isEmpty else { continue }
                    if seen.insert(chunk.id).inserted { naming.append(chunk.id) }
                    if places.contains(where: \.startsSentence) { entries.insert(chunk.id) }
                }
            }
        }
        return (naming, entries)
    }

    /// The documents to search, best first: `filter`'s, else those the question names, else those of the
    /// best keyword candidates (`keyword`: chunk id to score; `owners`: chunk id to document).
    static func documents(filter: SearchFilter, named: Set<Int64>, owners: [Int64: Int64],
                          keyword: [Int64: Double]) -> [Int64] {
        if let document = filter.documentID { return [document] }
        if !named.isEmpty { return named.sorted() }
        let best = keyword.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var documents: [Int64] = []
        for (chunk, _) in best {
            guard let document = owners[chunk], !documents.contains(document) else { continue }
            documents.append(document)
        }
        return documents
    }
}
