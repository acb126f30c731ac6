/// Suggests questions the library can answer that are near, but not the same as, the one asked.
struct FollowUpSuggester {
    let question: QuestionTerms
    let limit: Int

    /// For an answered question: headings, then keywords, of retrieved chunks that were not quoted,
    /// best-ranked first; library topics only when those run out.
    func suggestions(passages: [AnalysedPassage], quoted: Set<Int>, libraryTopics: [String]) -> [String] {
        var picker = TopicPicker(question: question, limit: limit)
        for passage in passages where quoted.contains(passage.position) {
            picker.exclude(passage.result.chunk.headingPath.last ?? "")
        }
        let unquoted = passages.filter { !quoted.contains($0.position) }
        for passage in unquoted where !passage.result.chunk.headingPath.contains(where: NavigationHeading.isFrontMatter) {
            picker.offer(passage.result.chunk.headingPath.last ?? "")
        }
        let quotedHeadingTerms = Set(passages.filter { quoted.contains($0.position) }
            .flatMap { $0.result.chunk.headingPath.flatMap(TermsMemo.terms) })
        for passage in unquoted {
            // The chunk's words are split once for all its keywords (splitting was most of a query's time).
            var words: [String]?
            for keyword in passage.result.chunk.keywords where !quotedHeadingTerms.contains(keyword) {
                if words == nil { words = FollowUpSuggester.chunkWords.value(for: passage.result.chunk.text, FollowUpSuggester.words) }
                if let word = FollowUpSuggester.surfaceWord(of: keyword, in: words!) {
                    picker.offer(word)
                }
            }
        }
        for topic in libraryTopics { picker.offer(topic) }
        return picker.questions
    }

    /// For an unanswered question: the first library topics, so the reader sees what is covered.
    func suggestions(libraryTopics: [String]) -> [String] {
        var picker = TopicPicker(question: question, limit: limit)
        for topic in libraryTopics { picker.offer(topic) }
        return picker.questions
    }

    /// The first word of `text` whose only term is the stemmed `keyword`, lowercased: keywords are
    /// stems ("pressur") and would read badly in a question. Keywords with digits ("35psi") are skipped,
    /// and so are command verbs ("rotate"), which read badly after "say about"; "rotation" may follow.
    static func surfaceWord(of keyword: String, in text: String) -> String? {
        surfaceWord(of: keyword, in: words(of: text))
    }

    /// Chunks' words, remembered per text: the same chunks are offered follow-ups question after question.
    static let chunkWords = TextMemo<[String]>(capacity: 2_000)

    /// The lowercased words of `text`, in order: runs of letters and digits. Most chunk text is ASCII,
    /// which is split byte by byte; other text by Unicode's letter and number properties.
    static func words(of text: String) -> [String] {
        var text = text
        let ascii = text.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var words: [String] = []
            var start: Int?
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0x20
                let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                if isWordByte {
                    if start == nil { start = index }
                } else if let first = start {
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self).lowercased())
                    start = nil
                }
            }
            return words
        }
        return ascii ?? text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { $0.lowercased() }
    }

    static func surfaceWord(of keyword: String, in words: [String]) -> String? {
        guard keyword.allSatisfy(\.isLetter) else { return nil }
        // A Porter2 stem begins like its word ("pressur", "pressure"): checking that first skips
        // analysing every word of the chunk for every keyword.
        let opening = keyword.prefix(3)
        for candidate in words {
            guard candidate.hasPrefix(opening), TermsMemo.terms(candidate) == [keyword] else { continue }
            guard !TopicQuestion.verbs.contains(candidate), !isUnit(candidate) else { continue }
            return candidate
        }
        return nil
    }

    /// True for a unit of measure ("kpa", "psi"): a topic to no one. The analyzer joins a unit to the
    /// number before it, so "1 kpa" comes out as one term where "1 oil" comes out as two.
    static func isUnit(_ word: String) -> Bool {
        TextAnalyzer.terms("1 " + word).count == 1
    }
}
