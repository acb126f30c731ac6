@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// One retrieved passage holding `sentences`, as the answer stage receives it: for tests of which sentences
/// an answer quotes, without a library.
enum OnePassage {
    static func result(_ sentences: [Sentence], path: [String], title: String, file: String, id: Int64 = 1,
                       relevance: Double = 0.8) -> SearchResult {
        SearchResult(chunkID: id, documentID: 1, documentTitle: title, fileName: file,
                     chunk: Chunk(ordinal: Int(id) - 1, sentences: sentences, headingPath: path, vector: [0.6, 0.8]),
                     keywordScore: 1, semanticScore: 1, relevance: relevance, matchType: .hybrid)
    }

    /// The answer to `question` from that passage alone.
    static func answer(_ question: String, from sentences: [Sentence], path: [String],
                       title: String = "Manual", file: String = "manual.pdf") -> Answer {
        AnswerGenerator().answer(question: question, results: [result(sentences, path: path, title: title, file: file)],
                                 libraryTopics: [])
    }
}
