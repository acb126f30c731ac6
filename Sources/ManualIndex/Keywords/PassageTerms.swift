/// A chunk passage's terms (`TextAnalyzer`'s, of `ChunkPassage.text`), worked out at ingest, where the
/// passage is analysed anyway for its term statistics, and stored with the chunk (schema 15). A question
/// weighs about a hundred candidate passages by which of its terms each holds, and analysing them again in
/// every process was an eighth of a question's time (issue 51).
///
/// Stored with `TextAnalyzer.version`: terms made by other rules are not read, and the passage is analysed
/// again, as it is for a chunk stored before schema 15.
public struct PassageTerms: Sendable, Equatable {
    public let terms: [String]
    /// The stored form these terms were read from (`init?(encoded:)`), which `encoded` hands back as it
    /// is: an ingest reads each chunk back from its scratch file and stores it, and joining the terms
    /// again there was 7 % of the commit's time.
    private let storedForm: String?

    /// Separates the version from the terms (U+001E).
    private static let versionEnd: Character = "\u{1E}"
    /// Separates one term from the next (U+001F). Terms are words, numbers and codes: never a control character.
    private static let termEnd: Character = "\u{1F}"

    public init(_ terms: [String]) {
        self.terms = terms
        storedForm = nil
    }

    public static func == (a: PassageTerms, b: PassageTerms) -> Bool {
        a.terms == b.terms
    }

    /// Stored form: the analyzer's version, U+001E, then the terms separated by U+001F. Nil when a term is
    /// empty or holds either separator, so that the stored form always reads back as the same terms (the
    /// passage is then analysed at query time).
    public var encoded: String? {
        if let storedForm { return storedForm }
        guard !terms.contains(where: { $0.isEmpty || $0.utf8.contains(0x1E) || $0.utf8.contains(0x1F) }) else { return nil }
        return TextAnalyzer.version + String(PassageTerms.versionEnd)
            + terms.joined(separator: String(PassageTerms.termEnd))
    }

    /// Decodes `encoded`; nil when it is not this binary's analyzer's, or not a stored form at all.
    public init?(encoded: String) {
        // Split as bytes: an ASCII control byte never stands inside another character's UTF-8.
        let bytes = encoded.utf8
        guard let end = bytes.firstIndex(of: 0x1E), encoded[..<end] == TextAnalyzer.version else { return nil }
        let rest = bytes[bytes.index(after: end)...]
        terms = rest.isEmpty ? []
            : rest.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // A form `encoded` would not give (an empty term, a U+001E inside one) is not handed back.
        storedForm = terms.contains(where: { $0.isEmpty || $0.utf8.contains(0x1E) }) ? nil : encoded
    }
}
