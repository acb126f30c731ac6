import ArgumentParser
import ManualKit

struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "List the pages where an exact phrase occurs, with a snippet.",
        discussion: "Example:\n  manual find \"wheel nut torque\" --doc 1"
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The phrase to look for (case and line breaks do not matter).")
    var phrase: String

    @Option(help: "Only search this document.")
    var doc: Int64?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if !phrase.contains(where: { $0.isLetter || $0.isNumber }) {
            throw ValidationError("The phrase needs at least one letter or digit.")
        }
    }

    func run() throws {
        let library = try self.library.openLibrary()
        if let doc, try library.store.document(id: doc) == nil { throw StoreError.documentNotFound("#\(doc)") }
        let hits = try library.find(phrase, documentID: doc)
        if json {
            Console.out(Console.json(hits))
            return
        }
        if hits.isEmpty {
            Console.out("\"\(phrase)\" does not occur in the library.")
            return
        }
        let printer = AnswerPrinter(width: 80)
        for hit in hits {
            Console.out("\(hit.file) \(PageName.of(page: hit.page, label: hit.label))")
            Console.out(printer.wrap(hit.snippet, indent: "    ").joined(separator: "\n"))
        }
    }
}
