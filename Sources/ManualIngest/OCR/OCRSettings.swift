/// Which pages are read by OCR (Tesseract) rather than from their text layer, and how.
///
/// OCR runs only in the extraction workers (`manual _extract`), beside poppler, which renders the page
/// for it; a document read in-process (`ExtractionSettings.Mode.inProcess`) is never OCR'd.
public struct OCRSettings: Sendable, Equatable {
    public enum Mode: String, Sendable, CaseIterable {
        /// OCR exactly the pages whose text layer is (nearly) empty and that are mostly image
        /// (`OCRPagePolicy`): a text PDF costs nothing extra.
        case auto
        /// OCR every page, ignoring its text layer (a PDF whose text layer is garbage).
        case always
        /// Never OCR: a PDF with no text layer is the "no text" error.
        case never
    }

    public var mode: Mode
    /// Tesseract language codes, `+` between several ("eng", "eng+deu").
    public var language: String
    /// The resolution pages are rendered at for Tesseract: 300 dpi is its sweet spot (docs/quality.md
    /// has 200 against 300). A page that is one scanned image within `EmbeddedPageImage.resolutions` is
    /// read from that image at its own resolution instead.
    public var dpi: Int

    public init(mode: Mode = .auto, language: String = "eng", dpi: Int = 300) {
        self.mode = mode
        self.language = language
        self.dpi = dpi
    }

    /// Names what decides an OCR result (engine version, language, resolution, the page image's bound):
    /// the key of the OCR cache, so a page is recognised once per setting and never again by `reindex`.
    public var cacheKey: String {
        cacheKey(tesseractVersion: TesseractEngine.version)
    }

    private func cacheKey(tesseractVersion: String) -> String {
        "tesseract=\(tesseractVersion);lang=\(language);dpi=\(dpi);pixels=\(GreyPageRenderer.maximumPixels);scan=\(scanResolutions)"
    }

    /// The resolutions a page's own scanned image is read at (`EmbeddedPageImage`), "190-400".
    private var scanResolutions: String {
        "\(Int(EmbeddedPageImage.resolutions.lowerBound))-\(Int(EmbeddedPageImage.resolutions.upperBound))"
    }

    /// The part of the pipeline fingerprint: the mode decides which pages are OCR'd, the cache key what they say.
    public var fingerprint: String {
        fingerprint(tesseractVersion: TesseractEngine.version)
    }

    /// `fingerprint` with Tesseract's version given (`TesseractVersionRecord`); asked for only when OCR is on.
    func fingerprint(tesseractVersion: @autoclosure () -> String) -> String {
        mode == .never ? "ocr=never" : "ocr=\(mode.rawValue);\(cacheKey(tesseractVersion: tesseractVersion()))"
    }
}

/// Which Tesseract languages are installed, for the CLI to say so before any document is read.
public enum OCRLanguages {
    /// The codes of `language` ("eng+deu") whose traineddata Tesseract cannot load.
    public static func missing(_ language: String) -> [String] {
        TesseractEngine.missingLanguages(language)
    }
}
