import ArgumentParser
import ManualKit

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove documents and everything derived from them (pages, chunks, index entries).",
        discussion: "Examples:\n  manual remove 3\n  manual remove ~/manuals/car.pdf"
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("Document ids or the paths they were ingested from.", valueName: "id-or-path"))
    var documents: [String]

    func validate() throws {
        if documents.isEmpty { throw ValidationError("Give at least one document id or path.") }
    }

    func run() throws {
        let store = try library.open()
        var firstFailure: Failure?
        for reference in documents {
            do {
                let matches: [DocumentRecord]
                let named: String
                if let id = Int64(reference) {
                    matches = try store.document(id: id).map { [$0] } ?? []
                    named = "#\(id)"
                } else {
                    let path = SourceFile.absolute(reference)
                    matches = try store.documents(sourcePath: path)
                    named = "from \(path)"
                }
                guard !matches.isEmpty else { throw StoreError.documentNotFound(named) }
                for document in matches {
                    try store.remove(documentID: document.id)
                    Console.out("removed #\(document.id) \(document.title)")
                }
            } catch {
                let failure = Failure(error)
                firstFailure = firstFailure ?? failure
                Console.error("manual: " + failure.message)
            }
        }
        if let firstFailure { throw ExitCode(firstFailure.code) }
    }
}
