internal import CPoppler
import Foundation

/// An 8-bit grey image in memory, one byte per pixel, rows `width` bytes apart: what Tesseract reads.
struct GreyImage {
    var width: Int
    var height: Int
    /// Pixels per PDF point (dpi / 72, less when the page was too large for `GreyPageRenderer.maximumPixels`).
    var scale: Double
    var pixels: [UInt8]
}

/// Renders a poppler page to a grey image for OCR, in memory (no image file is ever written).
///
/// The page is drawn by cairo in horizontal bands of at most `bandBytes`, each turned into grey at once,
/// so the colour image never exists whole: memory is the grey image plus one band. The grey image is
/// itself bounded: a page that would exceed `maximumPixels` at the asked resolution (a poster, a
/// 20,000 x 20,000 px scan placed on a huge page) is rendered at a lower resolution instead.
enum GreyPageRenderer {
    /// The largest grey image made, in pixels: an A3 page at 300 dpi (17 M) is just over it.
    static let maximumPixels = 16_000_000
    /// The colour band drawn at once, in bytes.
    static let bandBytes = 8 << 20

    /// The page at `dpi`, or less when it would be larger than `maximumPixels`; nil for an empty page.
    static func render(_ page: OpaquePointer, dpi: Int) -> GreyImage? {
        var widthPoints = 0.0, heightPoints = 0.0
        poppler_page_get_size(page, &widthPoints, &heightPoints)
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints >= 1, heightPoints >= 1 else { return nil }
        var scale = Double(max(dpi, 36)) / 72
        let pixels = widthPoints * scale * heightPoints * scale
        if pixels > Double(maximumPixels) { scale *= (Double(maximumPixels) / pixels).squareRoot() }
        let width = max(1, Int(widthPoints * scale)), height = max(1, Int(heightPoints * scale))
        guard width * height <= maximumPixels + width + height else { return nil }

        var grey = [UInt8](repeating: 255, count: width * height)
        let bandRows = max(16, min(height, bandBytes / (4 * width)))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(bandRows)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var top = 0
        while top < height {
            let rows = min(bandRows, height - top)
            guard let context = cairo_create(surface) else { return nil }
            // White paper, then the page shifted up so that this band's rows land on the surface.
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_translate(context, 0, -Double(top))
            cairo_scale(context, scale, scale)
            poppler_page_render(page, context)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            grey.withUnsafeMutableBufferPointer { out in
                for row in 0..<rows {
                    let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                    let target = (top + row) * width
                    for x in 0..<width {
                        // RGB24 is 0x00RRGGBB in native order; luma with integer BT.601 weights.
                        let pixel = source[x]
                        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                        out[target + x] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
                    }
                }
            }
            top += rows
        }
        return GreyImage(width: width, height: height, scale: scale, pixels: grey)
    }

    /// The share of the page (0...1) that its images cover, clipped to the page: a scan is one image
    /// (or a few bands) over the whole of it.
    static func imageCoverage(_ page: OpaquePointer) -> Double {
        var widthPoints = 0.0, heightPoints = 0.0
        poppler_page_get_size(page, &widthPoints, &heightPoints)
        guard widthPoints > 0, heightPoints > 0, let list = poppler_page_get_image_mapping(page) else { return 0 }
        defer { poppler_page_free_image_mapping(list) }
        var covered = 0.0
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let area = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee.area
                let width = min(max(area.x1, area.x2), widthPoints) - max(min(area.x1, area.x2), 0)
                let height = min(max(area.y1, area.y2), heightPoints) - max(min(area.y1, area.y2), 0)
                if width > 0 && height > 0 { covered += width * height }
            }
            node = current.pointee.next
        }
        return min(1, covered / (widthPoints * heightPoints))
    }
}
