import ArgumentParser
import ManualKit

/// The budgets of the extraction workers, shared by `ingest` and `reindex`. Every PDF is read by worker
/// processes (this binary as `manual _extract`): a page that runs over its time, or a worker that dies,
/// costs that page and never the batch.
struct ExtractionOptions: ParsableArguments {
    @Option(name: .customLong("page-timeout"),
            help: ArgumentHelp("Seconds a page may take to extract before it is skipped.", valueName: "seconds"))
    var pageTimeout: Double = 10

    @Option(name: .customLong("worker-memory"),
            help: ArgumentHelp("Memory limit of each extraction worker, e.g. 2G or 512M.", valueName: "size"))
    var workerMemory: String = "2G"

    @Option(help: ArgumentHelp("OCR pages with no text layer: auto (pages with (nearly) no text that are mostly image), always, never.",
                               valueName: "mode"))
    var ocr: OCRSettings.Mode = .auto

    @Option(name: .customLong("ocr-lang"),
            help: ArgumentHelp("Tesseract language codes for OCR, e.g. eng or eng+deu (Debian: tesseract-ocr-LANG).",
                               valueName: "codes"))
    var ocrLanguage: String = "eng"

    @Option(name: .customLong("ocr-dpi"),
            help: ArgumentHelp("Resolution pages are rendered at for OCR (docs/quality.md: 200 against 300).", valueName: "dpi"))
    var ocrDPI: Int = 300

    func validate() throws {
        guard pageTimeout.isFinite, pageTimeout >= 0.1, pageTimeout <= 86_400 else {
            throw ValidationError("--page-timeout must be between 0.1 and 86400 seconds.")
        }
        guard let bytes = ExtractionOptions.bytes(workerMemory), bytes >= 64 << 20 else {
            throw ValidationError("--worker-memory must be a size such as 2G or 512M, at least 64M.")
        }
        _ = bytes
        guard (100...600).contains(ocrDPI) else { throw ValidationError("--ocr-dpi must be between 100 and 600.") }
        guard ocrLanguage.range(of: "^[A-Za-z0-9_]+(\\+[A-Za-z0-9_]+)*$", options: .regularExpression) != nil else {
            throw ValidationError("--ocr-lang must be Tesseract language codes such as eng or eng+deu.")
        }
    }

    /// Fails with the one-line "not installed" error (exit 28) when OCR may run and a language is missing,
    /// before any document is read.
    func checkOCRLanguages() throws {
        guard ocr != .never, let missing = OCRLanguages.missing(ocrLanguage).first else { return }
        throw IngestError.ocrLanguageUnavailable(path: "", language: missing)
    }

    /// The pipeline `manual` runs: workers of this very binary, under these budgets.
    var pipeline: PipelineSettings {
        PipelineSettings(extraction: ExtractionSettings(
            mode: .workers(executable: "/proc/self/exe"), pageTimeout: pageTimeout,
            workerMemoryBytes: ExtractionOptions.bytes(workerMemory) ?? 2 << 30,
            ocr: OCRSettings(mode: ocr, language: ocrLanguage, dpi: ocrDPI),
            shouldStop: { Interrupt.wasRequested }))
    }

    /// "2G", "512M", "1.5G", "300000K" or a number of bytes.
    static func bytes(_ text: String) -> Int? {
        let units: [Character: Double] = ["K": 1024, "M": 1_048_576, "G": 1_073_741_824]
        var number = text.uppercased()
        var factor = 1.0
        if let last = number.last, let unit = units[last] {
            factor = unit
            number.removeLast()
        }
        guard let value = Double(number), value > 0, value * factor < 1e15 else { return nil }
        return Int(value * factor)
    }
}

extension OCRSettings.Mode: ExpressibleByArgument {}
