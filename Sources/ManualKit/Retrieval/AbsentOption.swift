/// An option the question names that the manual it names never mentions: "What does the -T option do in
/// avrdude?" when avrdude's manual has "-t" and no "-T". Every chunk holds the letter "t", so retrieval
/// found example command lines with "-t" and the answer quoted one at `high`. Options are matched as
/// written, case and all (`NamedOptions`), in the manuals the question names (or the one it is restricted
/// to): another manual of the library may hold the option, so a question that names none is not declined.
public struct AbsentOption: Sendable, Equatable {
    /// The option as the question writes it ("-T").
    public let option: String
    /// The title of the manual searched, or nil when the question names several.
    public let manual: String?

    /// The first of `options` that no chunk of the manuals the question names (`named`, or `filter`'s one)
    /// holds; nil when it names no option or no manual, or when they hold every option it names.
    static func first(of options: NamedOptions, named: NamedDocuments?, filter: SearchFilter,
                      store: Store) throws -> AbsentOption? {
        guard !options.isEmpty else { return nil }
        guard let documents = filter.documents(named: named), documents.count <= OptionChunks.documentLimit else { return nil }
        for option in options.options where try !isMentioned(option, in: documents, filter: filter, store: store) {
            let manual = documents.count == 1 ? try store.document(id: documents[0])?.title : nil
            return AbsentOption(option: option, manual: manual)
        }
        return nil
    }

    /// True when a chunk of `documents` holds `option` as a whole token, also as typeset with a minus sign
    /// or a dash for its hyphen ("−T", "–batch"): a manual is only declined for what it surely lacks.
    private static func isMentioned(_ option: String, in documents: [Int64], filter: SearchFilter, store: Store) throws -> Bool {
        let bare = option.drop { $0 == "-" }
        let dashes = option.hasPrefix("--") ? ["\u{2013}", "\u{2014}", "\u{2212}\u{2212}"] : ["\u{2212}", "\u{2013}", "\u{2010}", "\u{2011}"]
        for spelling in [option] + dashes.map({ $0 + bare }) {
            for document in documents
                where try !OptionChunks.chunks(of: document, holding: spelling, filter: filter, store: store).isEmpty {
                return true
            }
        }
        return false
    }
}
