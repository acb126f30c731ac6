import ManualIndex
/// Words that name the same thing in manuals: British and American spellings, and everyday
/// words for a manual's terms. Used only to rewrite a question word the library never uses.
enum WordEquivalents {
    /// Each group lists interchangeable words; the first is just the usual spelling. Read from the resource
    /// `Words/word-equivalents.txt` (compiled in), whose comments say where its words come from.
    static let groups: [[String]] = WordList.lines(PackageResources.word_equivalents_txt).map { $0.split(separator: " ").map(String.init) }

    /// Equivalent words for `stem` (a Porter2 stem), the group's own spellings included.
    static func group(forStem stem: String) -> [String]? {
        keptIndex[stem]
    }

    /// Each word's term -> its (first) group: what `group(forStem:)` reads. Every process used to work it out
    /// at start-up (stemming every word of every group: a hundredth of a question); it is kept in
    /// `WordEquivalents+Kept.swift`, which `scripts/make-spelling-stems` writes from this and
    /// `KeptSpellingTablesTests` checks against it.
    static func derivedIndex() -> [String: [String]] {
        var byStem: [String: [String]] = [:]
        for group in groups {
            for word in group {
                let stem = Stemmer.stem(word)
                if byStem[stem] == nil { byStem[stem] = group }
            }
        }
        return byStem
    }
}
