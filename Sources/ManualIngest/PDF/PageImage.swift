internal import CPoppler
import Foundation

/// What to draw: a physical page at a width in pixels, with every occurrence of `highlight` marked.
public struct PageImageRequest: Sendable, Hashable {
    public var page: Int
    public var width: Int
    public var highlight: String?

    /// Narrower is unreadable, wider is a memory cost with nothing to gain on a screen.
    public static let widths = 200...2400
    public static let defaultWidth = 1000

    /// `width` is clamped to `widths`; an empty highlight is none.
    public init(page: Int, width: Int = PageImageRequest.defaultWidth, highlight: String? = nil) {
        self.page = page
        self.width = min(max(width, PageImageRequest.widths.lowerBound), PageImageRequest.widths.upperBound)
        let trimmed = highlight?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.highlight = trimmed?.isEmpty == false ? String(trimmed!.prefix(500)) : nil
    }
}

/// Renders one page of an open PDF to PNG bytes with poppler and cairo, drawing a translucent marker
/// over each rectangle poppler's text search finds for the highlight. Runs where poppler may run: in an
/// extraction worker (`ExtractionWorker`), or in-process for trusted files.
struct PageImageRenderer {
    let document: OpaquePointer

    /// Highlights are a marker yellow under the text, as on paper.
    private static let marker = (red: 1.0, green: 0.84, blue: 0.0, alpha: 0.45)
    /// A page taller than this many pixels is cut off: a strip of paper 100 times longer than wide is
    /// not a page anyone reads, and its bitmap would be hundreds of megabytes.
    static let maxHeight = 8000

    func png(_ request: PageImageRequest) -> [UInt8]? {
        guard let page = poppler_document_get_page(document, Int32(request.page - 1)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var pageWidth = 0.0, pageHeight = 0.0
        poppler_page_get_size(page, &pageWidth, &pageHeight)
        guard pageWidth > 0, pageHeight > 0 else { return nil }
        let scale = Double(request.width) / pageWidth
        let height = min(PageImageRenderer.maxHeight, max(1, Int((pageHeight * scale).rounded())))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(request.width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_scale(cairo, scale, scale)
        poppler_page_render(page, cairo)
        if let highlight = request.highlight {
            let m = PageImageRenderer.marker
            cairo_set_source_rgba(cairo, m.red, m.green, m.blue, m.alpha)
            cairo_set_operator(cairo, CAIRO_OPERATOR_MULTIPLY)
            for box in HighlightFinder(page: page, pageHeight: pageHeight).boxes(for: highlight) {
                cairo_rectangle(cairo, box.x, box.y, box.width, box.height)
            }
            cairo_fill(cairo)
        }
        cairo_surface_flush(surface)
        return PNGSink.encode(surface)
    }
}

/// Collects what cairo writes as PNG into memory (no temporary file).
private final class PNGSink {
    var bytes: [UInt8] = []

    static func encode(_ surface: OpaquePointer) -> [UInt8]? {
        let sink = PNGSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}
