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
        let pages = try store.pages(documentID: id)
        let labels = Dictionary(uniqueKeysWithValues: pages.map { ($0.number, $0.label) })
        if outline {
            let headings = try store.headings(documentID: id)
            if json {
                Console.out(Console.json(headings.map { OutlineLine(title: $0.title, level: $0.level, page: $0.page,
                                                                    label: labels[$0.page] ?? nil) }))
            } else {
                for h in headings {
                    let indent = String(repeating: "  ", count: max(0, h.level - 1))
                    Console.out("\(indent)\(h.title)  \(PageText.cite(h.page, label: labels[h.page] ?? nil))")
                }
                if headings.isEmpty { Console.out("No headings found in \(document.fileName).") }
            }
            return
        }
        let chunkCount = try store.chunks(documentID: id).count
        let pageLines = pages.map { PageLine(page: $0.number, label: $0.label, characters: $0.text.count,
                                             cleanCharacters: $0.cleanText.count, source: $0.source.rawValue,
                                             ocrConfidence: $0.ocrConfidence.map { ($0 * 10).rounded() / 10 }) }
        let ocr = try store.ocrSummary(documentID: id)
        let empty = pages.filter { $0.text.allSatisfy(\.isWhitespace) }.map(\.number)
        let skipped = try store.skippedPages(documentID: id).map(\.page)
        if json {
            Console.out(Console.json(ShowOutput(document: document, chunks: chunkCount, pagesWithoutText: empty,
                                                skippedPages: skipped, ocrPages: ocr.pages,
                                                ocrMeanConfidence: ocr.meanConfidence.map { ($0 * 10).rounded() / 10 },
                                                pages: pageLines)))
            return
        }
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
              OCR:        \(ShowCommand.describe(ocr))
              chunks:     \(chunkCount)
              ingested:   \(document.ingestedAt)
              pipeline:   \(document.pipelineVersion)
            """)
        if !skipped.isEmpty {
            Console.out("  skipped:    \(skipped.count) page\(skipped.count == 1 ? "" : "s") could not be read")
            for page in skipped { Console.out("    \(page.description)") }
        }
        Console.out("\n  PAGE  LABEL     CHARS  CLEANED" + (ocr.pages > 0 ? "  TEXT" : ""))
        for line in pageLines {
            var columns = [String(line.page).leftPad(4), (line.label ?? "-").padding(toLength: 8, withPad: " ", startingAt: 0),
                           String(line.characters).leftPad(6), String(line.cleanCharacters).leftPad(8)]
            if ocr.pages > 0 {
                columns.append(line.source == "ocr" ? "OCR" + (line.ocrConfidence.map { String(format: " %.0f%%", $0) } ?? "") : "text")
            }
            Console.out("  " + columns.joined(separator: "  "))
        }
    }

    /// "none" or "12 pages, mean word confidence 91 %".
    static func describe(_ ocr: OCRSummary) -> String {
        guard ocr.pages > 0 else { return "none" }
        return "\(ocr.pages) page\(ocr.pages == 1 ? "" : "s")"
            + (ocr.meanConfidence.map { String(format: ", mean word confidence %.0f %%", $0) } ?? ", no words recognised")
    }
}

private struct OutlineLine: Encodable {
    var title: String
    var level: Int
    var page: Int
    var label: String?
}

private struct PageLine: Encodable {
    var page: Int
    var label: String?
    var characters: Int
    var cleanCharacters: Int
    /// "text" (the PDF's text layer) or "ocr".
    var source: String
    /// Tesseract's mean word confidence for an OCR'd page, 0-100.
    var ocrConfidence: Double?
}

private struct ShowOutput: Encodable {
    var document: DocumentRecord
    var chunks: Int
    var pagesWithoutText: [Int]
    /// Pages whose extraction was given up, with why.
    var skippedPages: [SkippedPage]
    /// Pages whose text came from OCR, and the mean of their mean word confidences (0-100).
    var ocrPages: Int
    var ocrMeanConfidence: Double?
    var pages: [PageLine]
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// How a page is cited to people: "p. 9 (printed 3)" when the printed label differs.
enum PageText {
    static func cite(_ page: Int, label: String?) -> String {
        guard let label, label != String(page) else { return "p. \(page)" }
        return "p. \(page) (printed \(label))"
    }
}
