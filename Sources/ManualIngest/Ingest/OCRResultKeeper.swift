import ManualIndex
/// Writes each page's OCR result into the library's cache as soon as the page is recognised, in a
/// transaction of its own, from the thread that drives the workers.
///
/// A scanned manual of 500 pages takes minutes to OCR; without this, a Ctrl-C (or a crash) at page 400
/// would lose 400 recognised pages, since the document's own transaction never happened. The cache is
/// not the document: until the document is committed, nothing of it is in the library (no document,
/// page or chunk rows), and its OCR results only wait for the next run, which takes them instead of
/// recognising the pages again. `manual check` reports such results while no document has their bytes,
/// and `check --repair` deletes them. Best effort: a result that cannot be written now (the library is
/// busy with another writer, read-only, full) is written with the document.
enum OCRResultKeeper {
    /// The function that keeps results of the document with these bytes, or nil when OCR is off.
    static func keeper(libraryPath: String, sha256: String, settings: PipelineSettings) -> (@Sendable (OCRCacheEntry) -> Void)? {
        guard settings.extraction.ocr.mode != .never, case .workers = settings.extraction.mode else { return nil }
        let key = settings.extraction.ocr.cacheKey
        return { entry in
            // A connection per page: a page takes a second to recognise, opening one a millisecond.
            // Never created here: a library removed while its manual is read stays removed.
            guard let store = try? Stores.open(libraryPath, creating: false) else { return }
            try? store.keepOCRResults([entry], sha256: sha256, key: key)
        }
    }
}
