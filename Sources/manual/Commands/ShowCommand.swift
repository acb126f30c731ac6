import ArgumentParser
import ManualKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a document's metadata, per-page character counts, or its heading outline.",
        discussion: "Examples:\n  manual show 1\n  manual show 1 --outline"
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Document id (see 'manual list').")
    var id: Int64

    @Flag(help: "Print the heading tree with physical pages and printed labels.")
    var outline = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try library.open()
        guard let document = try store.document(id: id) else { throw StoreError.documentNotFound("#\(id)") }
        if outline {
            let headings = try OutlineLine.outline(store: store, documentID: id)
            if json {
                Console.out(Console.json(headings))
            } else {
                for h in headings {
                    let indent = String(repeating: "  ", count: max(0, h.level - 1))
                    Console.out("\(indent)\(h.title)  \(PageName.of(page: h.page, label: h.label))")
                }
                if headings.isEmpty { Console.out("No headings found in \(document.fileName).") }
            }
            return
        }
        let details = try DocumentDetails(store: store, id: id)
        if json {
            Console.out(Console.json(details))
            return
        }
        let chunkCount = details.chunks, pageLines = details.pages, empty = details.pagesWithoutText
        let skipped = details.skippedPages, ocrPages = details.ocrPages
        Console.out("""
            #\(document.id) \(document.title)
              file:       \(document.sourcePath)
              sha256:     \(document.sha256)
              size:       \(document.byteSize) bytes
              author:     \(document.author ?? "-")
              subject:    \(document.subject ?? "-")
              created:    \(document.creationDate ?? "-")
              product:    \(ProductText.describe(document.product))
              pages:      \(document.pageCount) (\(empty.count) without text\(empty.isEmpty ? "" : ": " + PageList.describe(empty)))
              OCR:        \(ShowCommand.describeOCR(pages: ocrPages, meanConfidence: details.ocrMeanConfidence))
              chunks:     \(chunkCount)
              ingested:   \(document.ingestedAt)
              pipeline:   \(document.pipelineVersion)
            """)
        for note in document.condition.notes { Console.out("  note:       \(note)") }
        if !skipped.isEmpty {
            Console.out("  skipped:    \(skipped.count) page\(skipped.count == 1 ? "" : "s") could not be read")
            for page in skipped { Console.out("    \(page.description)") }
        }
        Console.out("\n  PAGE  LABEL     CHARS  CLEANED" + (ocrPages > 0 ? "  TEXT" : ""))
        for line in pageLines {
            var columns = [String(line.page).leftPad(4), (line.label ?? "-").padding(toLength: 8, withPad: " ", startingAt: 0),
                           String(line.characters).leftPad(6), String(line.cleanCharacters).leftPad(8)]
            if ocrPages > 0 {
                columns.append(line.source == "ocr" ? "OCR" + (line.ocrConfidence.map { String(format: " %.0f%%", $0) } ?? "") : "text")
            }
            Console.out("  " + columns.joined(separator: "  "))
        }
    }

    /// "none" or "12 pages, mean word confidence 91 %".
    static func describeOCR(pages: Int, meanConfidence: Double?) -> String {
        guard pages > 0 else { return "none" }
        return "\(pages) page\(pages == 1 ? "" : "s")"
            + (meanConfidence.map { String(format: ", mean word confidence %.0f %%", $0) } ?? ", no words recognised")
    }
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

