internal import CPoppler
import Foundation
import ManualIndex

/// Decides which pages are OCR'd and recognises them: one per extraction thread of a worker, with
/// its own Tesseract handle (made on the first page that needs it).
///
/// "Nearly empty" (`auto`): a page is OCR'd when its text layer has fewer than
/// `nearlyEmptyCharacters` letters and digits (a page number, a stamped header) and images cover at
/// least `minimumImageCoverage` of it, as a scan does. A text page never gets past the first test, so
/// a text PDF pays nothing; a blank or drawing-only page gets past neither.
final class PageOCR {
    static let nearlyEmptyCharacters = 16
    static let minimumImageCoverage = 0.5

    let settings: OCRSettings
    private var engine: TesseractEngine?
    /// Pages recognised by this thread so far (Tesseract calls).
    private(set) var recognised = 0

    init(settings: OCRSettings) {
        self.settings = settings
    }

    /// Whether `textPage`, the page's text layer, is to be replaced by OCR of `page`.
    func wants(_ textPage: Page, page: OpaquePointer) -> Bool {
        switch settings.mode {
        case .never: return false
        case .always: return true
        case .auto:
            var characters = 0
            for scalar in textPage.text.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                characters += 1
                if characters >= PageOCR.nearlyEmptyCharacters { return false }
            }
            return GreyPageRenderer.imageCoverage(page) >= PageOCR.minimumImageCoverage
        }
    }

    /// The page as OCR reads it, with the text layer's label and size; the text layer itself when
    /// OCR finds less on it (a near-empty page that is a photo).
    func recognise(_ textPage: Page, page: OpaquePointer, path: String) throws(IngestError) -> Page {
        if engine == nil {
            engine = OCRActivity.shared.recognising { TesseractEngine(language: settings.language) }
            guard engine != nil else {
                let missing = TesseractEngine.missingLanguages(settings.language).first ?? settings.language
                throw .ocrLanguageUnavailable(path: path, language: missing)
            }
        }
        let started = DispatchTime.now().uptimeNanoseconds
        // A scan is read from its own image at its own resolution; any other page is drawn at `settings.dpi`.
        guard let engine, let image = OCRActivity.shared.recognising({
            EmbeddedPageImage.grey(page) ?? GreyPageRenderer.render(page, dpi: settings.dpi)
        }) else {
            return textPage
        }
        let rendered = DispatchTime.now().uptimeNanoseconds
        recognised += 1
        let lines = OCRActivity.shared.recognising { engine.recognise(image, dpi: Int((image.scale * 72).rounded())) }
        let found = OCRPageBuilder(scale: image.scale).build(lines)
        OCRTimes.record(page: textPage.number, pixels: image.width * image.height, render: rendered - started,
                        layout: engine.lastLayoutNanoseconds, total: DispatchTime.now().uptimeNanoseconds - started)
        var ocrPage = Page(number: textPage.number, label: textPage.label, text: found.text, lines: found.lines,
                           width: textPage.width, height: textPage.height)
        ocrPage.source = .ocr
        ocrPage.ocrConfidence = found.confidence
        if settings.mode == .auto && found.text.unicodeScalars.count < textPage.text.unicodeScalars.count {
            // Keep what the layer had, still marked as OCR'd: the cache must not ask again.
            ocrPage.text = textPage.text
            ocrPage.lines = textPage.lines
        }
        return ocrPage
    }
}

extension PDFDocument {
    /// Page `number` (1-based) from its text layer, or from OCR when `ocr` says so. `cached` pages that
    /// need OCR are not recognised: their text layer comes back with `wantsCachedOCR` set, for the parent
    /// to put its cached result in.
    func page(_ number: Int, ocr: PageOCR?, cached: Set<Int>) throws(IngestError) -> (page: Page, wantsCachedOCR: Bool) {
        guard let ocr, ocr.settings.mode != .never else { return (page(number), false) }
        guard let raw = poppler_document_get_page(handle, Int32(number - 1)) else {
            return (Page(number: number, text: ""), false)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(raw)) }
        let textPage = PageExtractor(page: raw).extract(number: number)
        guard ocr.wants(textPage, page: raw) else { return (textPage, false) }
        if cached.contains(number) { return (textPage, true) }
        return (try ocr.recognise(textPage, page: raw, path: path), false)
    }
}
