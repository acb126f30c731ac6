/// Word lists kept in one resource file, one list a line: its name, a colon, then its words separated by
/// spaces (`WordList.lines` drops the comments and blank lines). For a stage that reads several short lists of
/// one kind, so that the words live with their source rather than in code.
package struct NamedWordLists: Sendable {
    private let lists: [String: Set<String>]

    package init(_ bytes: [UInt8]) {
        var lists: [String: Set<String>] = [:]
        for line in WordList.lines(bytes) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let words = line[line.index(after: colon)...].split(separator: " ").map(String.init)
            lists[String(line[..<colon]), default: []].formUnion(words)
        }
        self.lists = lists
    }

    /// The list called `name`. A name the file lacks is a broken build, not a question the code can answer:
    /// every test that reads the list fails on it.
    package subscript(name: String) -> Set<String> {
        guard let words = lists[name] else { preconditionFailure("no word list \(name) in the resource") }
        return words
    }
}
