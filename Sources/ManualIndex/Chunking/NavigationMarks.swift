/// Which sentences of a chunk are navigation lines (contents and index entries, dot leaders, bare page
/// numbers: `NavigationLine`), judged at ingest and stored with the chunk (issue 17: "recognised at ingest
/// and stored as such"). Their words stay in the chunk's text, so they still lead retrieval to the page;
/// the answer never quotes them, and a contents page ranks below the page it points to
/// (`NavigationDemotion`).
public struct NavigationMarks: Sendable, Equatable {
    /// `NavigationLine.revision` when they were judged.
    package let revision: Int
    /// Sentences judged.
    package let sentenceCount: Int
    /// The navigation lines, by sentence index, ascending.
    package let lines: [Int]

    /// Judges each of `sentences` by the current rules.
    package init(judging sentences: [Sentence]) {
        revision = NavigationLine.revision
        sentenceCount = sentences.count
        lines = sentences.indices.filter { NavigationLine.judge(sentences[$0].text) }
    }

    package init(revision: Int, sentenceCount: Int, lines: [Int]) {
        self.revision = revision
        self.sentenceCount = sentenceCount
        self.lines = lines
    }

    /// Stored form: "revision;sentences;i,j,k" ("1;12;" when none is a navigation line).
    public var encoded: String {
        "\(revision);\(sentenceCount);" + lines.map(String.init).joined(separator: ",")
    }

    /// Decodes `encoded`; nil for anything else.
    public init?(encoded: String) {
        let parts = encoded.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, let revision = Int(parts[0]), let count = Int(parts[1]), count >= 0 else { return nil }
        var lines: [Int] = []
        for part in parts[2].split(separator: ",") {
            guard let line = Int(part), (0..<count).contains(line), line > (lines.last ?? -1) else { return nil }
            lines.append(line)
        }
        self.init(revision: revision, sentenceCount: count, lines: lines)
    }
}

extension Chunk {
    /// For each sentence, whether it is a navigation line: as marked at ingest when the marks were judged
    /// by the current rules for these very sentences, else judged now (a chunk stored before the marks, or
    /// one whose list the answer stage continued into the next chunk: `ListContinuation`).
    package var navigationFlags: [Bool] {
        if let marks = navigationMarks, marks.revision == NavigationLine.revision, marks.sentenceCount == sentences.count {
            var flags = [Bool](repeating: false, count: sentences.count)
            for line in marks.lines { flags[line] = true }
            return flags
        }
        return sentences.map { NavigationLine.isNavigation($0.text) }
    }
}
