/// What the running text of a document looks like: chapter and section titles, page numbers.
struct RunningHeadText: Sendable {
    /// Titles from the PDF outline, as `LinePattern.alphanumerics`, to recognise chapter-name heads.
    var outlineTitles: Set<String> = []
    /// Per page (same order as the pages): the physical number and printed label, lowercased.
    var pageNames: [[String]] = []

    /// A chapter or section title: numbered, introduced by CHAPTER/SECTION/APPENDIX, or an outline
    /// title; with or without the page number that often shares its line.
    func looksLikeTitle(_ text: String) -> Bool {
        if isTitle(text) { return true }
        var words = text.split(separator: " ").map(String.init)
        var dropped = false
        if let first = words.first, LinePattern.key(first) == LinePattern.pageNumber {
            words.removeFirst()
            dropped = true
        }
        if let last = words.last, LinePattern.key(last) == LinePattern.pageNumber {
            words.removeLast()
            dropped = true
        }
        let rest = words.joined(separator: " ")
        // Nothing dropped and the spacing already single: the same text, already judged.
        if !dropped && rest.utf8.elementsEqual(text.utf8) { return false }
        return isTitle(rest)
    }

    /// Whether the first number in `text` is the physical number or printed label of `page`.
    func namesPage(_ text: String, page: Int) -> Bool {
        guard page < pageNames.count else { return false }
        let number = text.lowercased().split { !$0.isLetter && !$0.isNumber }.first {
            $0.first?.isNumber == true || LinePattern.isRomanNumeral(String($0))
        }
        return number.map { pageNames[page].contains(String($0)) } ?? false
    }

    /// "CHAPTER" / "FOUR" above a chapter title repeat on every opener page, but they are content.
    func isChapterOpener(_ text: String) -> Bool {
        HeadingLineClassifier().isOpenerPart(text) && LinePattern.key(text) != LinePattern.pageNumber
    }

    /// Digits or a roman numeral, nothing else.
    func isBarePageNumber(_ text: String) -> Bool {
        !text.isEmpty && (text.allSatisfy(\.isNumber) || LinePattern.isRomanNumeral(text))
    }

    private func isTitle(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard let first = words.first, words.count <= 14 else { return false }
        let lower = first.lowercased()
        if HeadingLineClassifier.chapterWords.contains(where: { lower.hasPrefix($0) }) { return true }
        if let number = SectionNumber.parse(text), number.titleStartsUppercase { return true }
        return !outlineTitles.isEmpty && outlineTitles.contains(LinePattern.alphanumerics(text))
    }
}
