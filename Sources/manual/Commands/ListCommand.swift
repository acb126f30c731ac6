import ArgumentParser
import ManualKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the documents in the library.",
        discussion: "Example:\n  manual list --json"
    )

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Print the documents as a JSON array.")
    var json = false

    func run() throws {
        let documents = try library.open().documents()
        if json {
            Console.out(Console.json(documents))
            return
        }
        if documents.isEmpty {
            Console.out("The library is empty. Add a manual with: manual ingest FILE.pdf")
            return
        }
        let rows = documents.map { d in
            [String(d.id), d.title, String(d.pageCount), ProductText.describe(d.product), String(d.ingestedAt.prefix(16))
                .replacingOccurrences(of: "T", with: " ")]
        }
        Console.out(TextTable.render(header: ["ID", "TITLE", "PAGES", "PRODUCT", "INGESTED (UTC)"], rows: rows,
                                     flexibleColumn: 1))
    }
}

/// "Northwind Tern 2024", or "-" when the document names no product.
enum ProductText {
    static func describe(_ product: Product) -> String {
        let parts = [product.make, product.model, product.year.map(String.init)].compactMap { $0 }
        return parts.isEmpty ? "-" : parts.joined(separator: " ")
    }
}
