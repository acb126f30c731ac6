import Foundation

/// A chunk row's columns decoded into a `StoredChunk`, the same for every store.
enum StoredChunkColumns {
    /// A JSON array of strings (`StoredJSON`'s output), empty when missing or unreadable.
    static func strings(_ json: String?) -> [String] {
        let json = json ?? "[]"
        return StoredJSONReader.strings(json) ?? (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    /// Chunks' sentences decoded from their stored JSON, remembered per JSON text: questions read the
    /// same chunks again and again, and decoding them was a sixteenth of a question's time.
    private static let decodedSentences = TextMemo<[Sentence]>(capacity: 2_000)

    static func chunk(id: Int64, documentID: Int64, ordinal: Int, headingPath: String?, firstLabel: String?,
                      lastLabel: String?, sentences: String?, hasAdmonition: Bool, keywords: String?, vector: [Float],
                      fingerprint: String?, navigationLines: String?, pieces: SentencePieces?) -> StoredChunk {
        let decoded = decodedSentences.value(for: sentences ?? "[]") {
            StoredJSONReader.sentences($0) ?? (try? JSONDecoder().decode([Sentence].self, from: Data($0.utf8))) ?? []
        }
        var chunk = Chunk(ordinal: ordinal, sentences: decoded, headingPath: strings(headingPath),
                          firstLabel: firstLabel, lastLabel: lastLabel, hasAdmonition: hasAdmonition,
                          keywords: strings(keywords), vector: vector)
        chunk.sentencePieces = pieces
        chunk.navigationMarks = navigationLines.flatMap(NavigationMarks.init(encoded:))
        return StoredChunk(id: id, documentID: documentID, chunk: chunk, fingerprint: fingerprint ?? "")
    }
}
