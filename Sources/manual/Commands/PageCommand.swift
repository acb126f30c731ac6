import ArgumentParser
import Foundation
import ManualKit

struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Draw a physical page of a document as PNG, with a quote highlighted.",
        discussion: """
            The page is drawn from the PDF the document was ingested from (by a worker process, under \
            the same time and memory budgets as ingest); every occurrence of the --highlight text on it \
            is marked. The printed page label, when the PDF has one, is shown by 'manual show'.
            Examples:
              manual page 1 23 --png page23.png
              manual page 1 23 --png - --width 1400 --highlight "Check the tire pressure" > page.png
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Document id (see 'manual list').")
    var id: Int64

    @Argument(help: ArgumentHelp("Physical page number, 1 for the first page of the PDF.", valueName: "page"))
    var page: Int

    @Option(help: ArgumentHelp("Where to write the PNG; - for stdout.", valueName: "file"))
    var png: String

    @Option(help: ArgumentHelp("Width in pixels (\(PageImageRequest.widths.lowerBound)-\(PageImageRequest.widths.upperBound)).",
                               valueName: "pixels"))
    var width = PageImageRequest.defaultWidth

    @Option(help: ArgumentHelp("Text to mark wherever it occurs on the page.", valueName: "text"))
    var highlight: String?

    @OptionGroup var extraction: ExtractionOptions

    func validate() throws {
        if page < 1 { throw ValidationError("The page is a physical page number, 1 or more.") }
        if !PageImageRequest.widths.contains(width) {
            throw ValidationError("--width must be between \(PageImageRequest.widths.lowerBound) and \(PageImageRequest.widths.upperBound).")
        }
    }

    func run() throws {
        Interrupt.install()
        let images = PageImages(store: try library.open(), renderer: PageRenderer(settings: extraction.pipeline.extraction))
        let bytes = try images.png(documentID: id, PageImageRequest(page: page, width: width, highlight: highlight))
        if png == "-" {
            Console.out(bytes: bytes)
            return
        }
        if let reason = Console.writeFile(png, bytes) {
            throw Failure(message: "\(png): cannot write the image (\(reason))", code: Console.outputFailed)
        }
    }
}
