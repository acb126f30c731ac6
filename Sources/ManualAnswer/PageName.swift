/// How a page is named to a reader: "p. 23", "p. 23 (printed 17)" when the PDF prints another label, "pp. 32-33
/// (printed 26-27)" for a sentence that runs over a page break. One wording for the terminal and the browser.
public enum PageName {
    public static func of(page: Int, label: String?) -> String {
        guard let label, label != String(page) else { return "p. \(page)" }
        return "p. \(page) (printed \(label))"
    }

    /// "p. 12", or "pp. 32-33" when `lastPage` is a later page: the answer text's markers (`AnswerText`).
    static func span(page: Int, lastPage: Int) -> String {
        lastPage > page ? "pp. \(page)-\(lastPage)" : "p. \(page)"
    }

    /// The pages a quoted sentence stands on (`Citation.pages`).
    public static func of(_ citation: Citation) -> String {
        guard let last = citation.lastPage, last > citation.page else { return of(page: citation.page, label: citation.label) }
        let pages = span(page: citation.page, lastPage: last)
        guard let first = citation.label, let lastLabel = citation.lastLabel,
              first != String(citation.page) || lastLabel != String(last) else { return pages }
        return "\(pages) (printed \(first)-\(lastLabel))"
    }
}
