import ManualIndex
import ManualQuestion
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
        var naming: [Int64] = []
        var entries = Set<Int64>()
        var seen = Set<Int64>()
        for document in documents.prefix(OptionChunks.documentLimit) {
            for option in options.options {
                for chunk in try OptionChunks.chunks(of: document, holding: option, filter: filter, store: store) {
                    if seen.insert(chunk.id).inserted { naming.append(chunk.id) }
                    if chunk.places.contains(where: \.startsSentence) { entries.insert(chunk.id) }
                }
            }
        }
        return (naming, entries)
    }

    /// The chunks of `document` holding `spelling` as a whole token (`NamedOptions.places`), with where.
    static func chunks(of document: Int64, holding spelling: String, filter: SearchFilter,
                       store: Store) throws -> [(id: Int64, places: [(offset: Int, startsSentence: Bool)])] {
        try store.chunks(of: document, containing: spelling, filter: filter).compactMap { chunk in
            let places = NamedOptions.places(of: spelling, in: chunk.text)
            return places.isEmpty ? nil : (chunk.id, places)
        }
    }

    /// The documents to search, best first: `filter`'s, else those the question names, else those of the
    /// best keyword hits (`bestFirst`: chunk ids; `owners`: chunk id to document).
    static func documents(filter: SearchFilter, named: Set<Int64>, owners: [Int64: Int64], bestFirst: [Int64]) -> [Int64] {
        if let document = filter.documentID { return [document] }
        if !named.isEmpty { return named.sorted() }
        var documents: [Int64] = []
        for chunk in bestFirst {
            guard let document = owners[chunk], !documents.contains(document) else { continue }
            documents.append(document)
        }
        return documents
    }
}
