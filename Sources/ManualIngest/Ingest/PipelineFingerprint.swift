import Foundation
import ManualIndex

/// Everything that decides what chunks and vectors a document gets.
///
/// Stored with every document and chunk; a mismatch with the running binary means "stale".
public struct PipelineSettings: Sendable {
    public var chunking: ChunkerSettings
    public var embedder: StaticEmbedder
    /// Most pages read, cleaned and chunked at once: what bounds an ingest's memory. A chunk never
    /// spans two windows, so a document longer than this is chunked slightly differently.
    public var windowPages: Int
    /// Where poppler runs and under what budgets; not part of the fingerprint (a page skipped under
    /// other budgets is tried again through `IngestOptions.knownSkips` instead), except its OCR settings.
    public var extraction: ExtractionSettings

    public init(chunking: ChunkerSettings = ChunkerSettings(), embedder: StaticEmbedder = StaticEmbedder(),
                windowPages: Int = 400, extraction: ExtractionSettings = ExtractionSettings()) {
        self.chunking = chunking
        self.embedder = embedder
        self.windowPages = max(windowPages, 1)
        self.extraction = extraction
    }

    /// Bumped whenever cleanup, sentence splitting or chunking code changes what it produces.
    public static let textPipelineRevision = 16

    /// A readable, stable string naming every setting and code revision.
    public var fingerprint: String {
        fingerprint(tesseractVersion: TesseractEngine.version)
    }

    /// `fingerprint` as a process that does not OCR compares it: Tesseract's version from
    /// `TesseractVersionRecord`, which loads Tesseract only when its record is out of date.
    public var recordedFingerprint: String {
        fingerprint(tesseractVersion: TesseractVersionRecord.version)
    }

    private func fingerprint(tesseractVersion: @autoclosure () -> String) -> String {
        let c = chunking
        return "text-r\(PipelineSettings.textPipelineRevision);window=\(windowPages);chunk=\(c.targetCharacters)/\(c.minimumCharacters)/"
            + "\(c.maximumCharacters)/\(c.overlapCharacters);\(embedder.fingerprint);"
            + extraction.ocr.fingerprint(tesseractVersion: tesseractVersion())
    }
}
