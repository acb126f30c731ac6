internal import CPoppler
import Foundation

/// A scanned page's own image, for OCR at the resolution it was scanned at, as OCRmyPDF gives Tesseract a
/// scan, instead of the page drawn again at `OCRSettings.dpi` (a 200-dpi scan drawn at 300 dpi is more than
/// twice the pixels for Tesseract to read, and reads no better: ../shared/research/ocr-notes.md).
///
/// The image is taken only when it surely is the page, and any other page is drawn as before:
/// - exactly one image on the page, placed over all of it (each edge within `edgeTolerance` of the page's);
/// - square pixels in the page's proportions (an image placed turned a quarter would not be);
/// - a resolution within `resolutions`: Tesseract misreads small type below (a 150-dpi scan read as it is
///   makes a third more word errors than drawn at 300, docs/quality.md), and above it is slower with
///   nothing to gain; such a page is drawn at `OCRSettings.dpi` (which scales it up or down);
/// - it looks like the page drawn small (`looksLikePage`): a page turned by `/Rotate`, an image placed
///   flipped, or text or marks drawn over the scan all fail that.
///
/// Memory: poppler decodes the image whole as 32-bit colour, and holds a second copy for a moment, before
/// anything here can see its size; pages larger than `maximumPagePoints` (where a 600-dpi scan would be
/// over `GreyPageRenderer.maximumPixels`) are therefore drawn instead, within that bound, as before.
enum EmbeddedPageImage {
    /// The scan resolutions read as they are, in dots per inch.
    static let resolutions = 190.0...400.0
    /// How far an edge of the image may be from the page's, in points (about 0.7 mm).
    static let edgeTolerance = 2.0
    /// The largest page, in square points, whose image is decoded: legal paper (612 x 1,008 pt).
    static let maximumPagePoints = 612.0 * 1_008
    /// How closely the image shrunk must follow the page drawn small (Pearson correlation of grey levels).
    /// Measured: 0.82 for a 200-dpi scan as it is placed, 0.07 for the same page turned by /Rotate 180.
    static let minimumCorrelation = 0.5
    /// The resolution of the small drawing the image is compared with (the least `GreyPageRenderer` draws).
    static let comparisonDPI = 36

    /// The page's image in grey at its own resolution, or nil when the page is to be drawn (see above).
    static func grey(_ page: OpaquePointer) -> GreyImage? {
        var widthPoints = 0.0, heightPoints = 0.0
        poppler_page_get_size(page, &widthPoints, &heightPoints)
        guard widthPoints >= 1, heightPoints >= 1, widthPoints * heightPoints <= maximumPagePoints,
              let imageID = soleFullPageImage(page, width: widthPoints, height: heightPoints),
              let surface = poppler_page_get_image(page, imageID) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let scaleX = Double(width) / widthPoints, scaleY = Double(height) / heightPoints
        guard width > 0, height > 0, width * height <= GreyPageRenderer.maximumPixels,
              abs(scaleX - scaleY) <= 0.02 * scaleX, resolutions.contains(scaleX * 72) else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = format == CAIRO_FORMAT_RGB24
        var grey = [UInt8](repeating: 255, count: width * height)
        grey.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // 0xAARRGGBB in native order, colour premultiplied by alpha: over white paper, the
                    // uncovered share (255 - alpha) is added back. Luma with integer BT.601 weights.
                    let pixel = source[x]
                    let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                    let paper = opaque ? 0 : 255 - (pixel >> 24)
                    out[row * width + x] = UInt8(min(255, ((77 * r + 150 * g + 29 * b) >> 8) + paper))
                }
            }
        }
        let image = GreyImage(width: width, height: height, scale: scaleX, pixels: grey)
        return looksLikePage(image, page: page) ? image : nil
    }

    /// The id of the page's only image when it covers the whole page; nil otherwise.
    private static func soleFullPageImage(_ page: OpaquePointer, width: Double, height: Double) -> Int32? {
        guard let list = poppler_page_get_image_mapping(page) else { return nil }
        defer { poppler_page_free_image_mapping(list) }
        guard list.pointee.next == nil, let data = list.pointee.data else { return nil }
        let mapping = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee
        let area = mapping.area
        let edges = [min(area.x1, area.x2), min(area.y1, area.y2), max(area.x1, area.x2) - width, max(area.y1, area.y2) - height]
        return edges.allSatisfy({ abs($0) <= edgeTolerance }) ? mapping.image_id : nil
    }

    /// Whether `image`, shrunk by averaging, matches the page drawn at `comparisonDPI`: their grey levels
    /// correlate (`minimumCorrelation`) or, when both are nearly blank (too little contrast to correlate), differ by
    /// 4 levels or less on average. A page drawn turned or flipped, or with something over the image, does
    /// neither: a few lines of text turned upside down differ little on average, but do not correlate.
    static func looksLikePage(_ image: GreyImage, page: OpaquePointer) -> Bool {
        guard let small = GreyPageRenderer.render(page, dpi: comparisonDPI) else { return false }
        let shrunk = shrink(image, width: small.width, height: small.height)
        let count = Double(small.pixels.count)
        var sumA = 0.0, sumB = 0.0, sumAA = 0.0, sumBB = 0.0, sumAB = 0.0, difference = 0.0
        for index in small.pixels.indices {
            let a = Double(small.pixels[index]), b = Double(shrunk[index])
            sumA += a; sumB += b; sumAA += a * a; sumBB += b * b; sumAB += a * b
            difference += abs(a - b)
        }
        let varianceA = sumAA / count - (sumA / count) * (sumA / count)
        let varianceB = sumBB / count - (sumB / count) * (sumB / count)
        if varianceA <= 25 && varianceB <= 25 { return difference / count <= 4 }
        guard varianceA > 1, varianceB > 1 else { return false }
        let covariance = sumAB / count - (sumA / count) * (sumB / count)
        return covariance / (varianceA * varianceB).squareRoot() >= minimumCorrelation
    }

    /// `image` shrunk to `width` x `height` by averaging the block of pixels under each target pixel.
    static func shrink(_ image: GreyImage, width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            let top = y * image.height / height, bottom = max(top + 1, (y + 1) * image.height / height)
            for x in 0..<width {
                let left = x * image.width / width, right = max(left + 1, (x + 1) * image.width / width)
                var sum = 0
                for row in top..<bottom {
                    let base = row * image.width
                    for column in left..<right { sum += Int(image.pixels[base + column]) }
                }
                out[y * width + x] = UInt8(sum / ((bottom - top) * (right - left)))
            }
        }
        return out
    }
}
