/// Recognises the lines of a manual that point somewhere else rather than say anything: table-of-contents
/// entries ("4.8 What is the big spike … . . . . . 23"), index entries ("tire pressure, 17, 18, 23"),
/// dot leaders and bare runs of page numbers. They help retrieval find a page (their words are indexed
/// with the chunk), but quoted as an answer they only repeat the question with a page number.
///
/// Judged at ingest, and the chunk stores which of its sentences are such lines (`NavigationMarks`);
/// queries judge only the sentences of chunks stored without them, or under other rules.
enum NavigationLine {
    /// Names these rules in the marks stored with each chunk: change it whenever `judge` changes what it
    /// says, so marks made by the old rules are judged again rather than trusted.
    static let revision = 1

    /// Answers are built from the same sentences question after question: each is judged once.
    private static let judged = TextMemo<Bool>()

    static func isNavigation(_ text: String) -> Bool {
        judged.value(for: text, judge)
    }

    /// `isNavigation` without the memo: the ingest judges each sentence once (`NavigationMarks`).
    static func judge(_ text: String) -> Bool {
        let trimmed = text.strippingSpaces
        guard !trimmed.isEmpty else { return false }
        let scalars = Array(trimmed.unicodeScalars)
        // Dot leaders: a run of at least four dots, spaced or not, or ellipsis characters.
        var dots = 0, run = 0
        for scalar in scalars {
            if scalar == "." || scalar == "…" || scalar == "·" {
                run += scalar == "…" ? 3 : 1
                dots = max(dots, run)
            } else if scalar != " " {
                run = 0
            }
        }
        if dots >= 4 { return true }
        // An index entry or a bare list of pages: ends in two or more numbers separated by commas.
        let tail = trimmed.split(separator: ",").suffix(3).map(\.strippingSpaces)
        let numbers = tail.reversed().prefix { !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "–" || $0 == "-" } }
        if numbers.count >= 2 { return true }
        // Nothing but numbers and separators.
        return trimmed.allSatisfy { $0.isNumber || $0 == "," || $0 == " " || $0 == "–" || $0 == "-" }
    }
}
