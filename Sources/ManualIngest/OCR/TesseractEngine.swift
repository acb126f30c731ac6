internal import CTesseract
import Foundation

/// One recognised word: its text, Tesseract's confidence (0-100) and its box in image pixels.
struct OCRWord {
    var text: String
    var confidence: Double
    var left: Int, top: Int, right: Int, bottom: Int
    /// The word's baseline at its middle, in pixels from the top.
    var baseline: Int
}

/// One line as Tesseract segmented it: its words in reading order, its box and baseline in pixels.
struct OCRLine {
    var words: [OCRWord]
    var top: Int, bottom: Int
    /// The baseline's height at the line's middle, in pixels from the top: top-to-baseline is the height
    /// of the line's capitals and ascenders, which stands in for its font size.
    var baseline: Int
}

/// A Tesseract handle: recognises grey images into lines of words with boxes and confidences.
///
/// A handle is not thread-safe: each extraction thread of a worker makes its own (loading a language
/// model takes a few tenths of a second, so it is made on the first page that needs it, then kept).
final class TesseractEngine {
    private let handle: OpaquePointer
    /// How long the last page's layout analysis took (for `OCRTimes`).
    private(set) var lastLayoutNanoseconds: UInt64 = 0

    /// The engine for `language` ("eng", "eng+deu"); nil when a language's traineddata is not installed.
    init?(language: String) {
        guard let api = TessBaseAPICreate() else { return nil }
        // The LSTM recogniser only: the legacy engine is slower and Debian's models need not carry it.
        guard TessBaseAPIInit2(api, nil, language, OEM_LSTM_ONLY) == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        handle = api
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The library's version ("5.3.0"): part of the OCR cache key and the pipeline fingerprint.
    static let version: String = String(cString: TessVersion())

    /// The languages of `language` whose traineddata Tesseract cannot load, in order ("deu" of "eng+deu").
    /// Tesseract explains a missing file on stderr; that is silenced, as the caller reports it in one line.
    static func missingLanguages(_ language: String) -> [String] {
        let codes = language.split(separator: "+").map(String.init)
        guard !codes.isEmpty, !codes.contains(where: \.isEmpty) else { return [language] }
        // Loading a model to find out takes a tenth of a second, on every ingest: where Tesseract keeps
        // its data, a file that is there answers at once; only a code with no file found is loaded to be sure.
        let unseen = codes.filter { code in !tessdataFolders.contains { FileManager.default.fileExists(atPath: "\($0)/\(code).traineddata") } }
        guard !unseen.isEmpty else { return [] }
        return StandardError.silenced {
            unseen.filter { TesseractEngine(language: $0) == nil }
        }
    }

    /// Where Tesseract looks for `LANG.traineddata`: `$TESSDATA_PREFIX` when set (it names the folder
    /// itself), else the folders of Debian's and the upstream builds.
    private static var tessdataFolders: [String] {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty { return [prefix] }
        return ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/local/share/tessdata",
                "/usr/share/tessdata"]
    }

    /// The lines of words on `image`, in reading order; empty when Tesseract finds none.
    ///
    /// Page segmentation: Tesseract's automatic mode (`PSM_AUTO`) finds columns, but on a one-column page
    /// it makes a block of its own of each list number hanging left of its item and reads them apart
    /// from their text (or loses them: "2." came out as "."). So the layout is analysed first, and only
    /// a page with text blocks side by side is read in automatic mode; the others are read as one column
    /// of text of varying sizes (`PSM_SINGLE_COLUMN`), which keeps "2. Without pressing…" on one line.
    /// Read so, a photo is read too (the board in a product shot gave "oo00o00 O10 00"): words inside
    /// the blocks the analysis found to be pictures are dropped, as the automatic mode skips them.
    func recognise(_ image: GreyImage, dpi: Int) -> [OCRLine] {
        defer { TessBaseAPIClear(handle) }
        var pageLayout = PageLayout(columns: false, pictures: [])
        image.pixels.withUnsafeBufferPointer { buffer in
            func setImage() {
                TessBaseAPISetImage(handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
                TessBaseAPISetSourceResolution(handle, Int32(max(70, dpi)))
            }
            setImage()
            TessBaseAPISetPageSegMode(handle, PSM_AUTO)
            let started = DispatchTime.now().uptimeNanoseconds
            pageLayout = analyseLayout(imageWidth: image.width)
            lastLayoutNanoseconds = DispatchTime.now().uptimeNanoseconds - started
            if !pageLayout.columns {
                // Recognize would reuse the analysed layout: setting the image again discards it.
                TessBaseAPISetPageSegMode(handle, PSM_SINGLE_COLUMN)
                setImage()
            }
            _ = TessBaseAPIRecognize(handle, nil)
        }
        guard let results = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(results) }
        guard let layout = TessResultIteratorGetPageIterator(results) else { return [] }
        var lines: [OCRLine] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(layout, RIL_TEXTLINE) != 0 || lines.isEmpty {
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                _ = TessPageIteratorBoundingBox(layout, RIL_TEXTLINE, &left, &top, &right, &bottom)
                var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
                let baseline = TessPageIteratorBaseline(layout, RIL_TEXTLINE, &x1, &y1, &x2, &y2) != 0
                    ? Int((y1 + y2) / 2) : Int(bottom)
                lines.append(OCRLine(words: [], top: Int(top), bottom: Int(bottom), baseline: baseline))
            }
            guard let raw = TessResultIteratorGetUTF8Text(results, RIL_WORD) else { continue }
            let text = String(cString: raw)
            TessDeleteText(raw)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            _ = TessPageIteratorBoundingBox(layout, RIL_WORD, &left, &top, &right, &bottom)
            var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
            let baseline = TessPageIteratorBaseline(layout, RIL_WORD, &x1, &y1, &x2, &y2) != 0
                ? Int((y1 + y2) / 2) : lines[lines.count - 1].baseline
            let word = OCRWord(text: text, confidence: Double(TessResultIteratorConfidence(results, RIL_WORD)),
                               left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom), baseline: baseline)
            if !pageLayout.columns && pageLayout.isInPicture(word) { continue }
            lines[lines.count - 1].words.append(word)
        } while TessResultIteratorNext(results, RIL_WORD) != 0
        return lines.filter { !$0.words.isEmpty }
    }

    /// What the automatic layout analysis finds on the image set on the handle: columns (two text blocks
    /// side by side, each at least a fifth of the page wide, overlapping over a third of the shorter
    /// one's height) and the blocks it takes for pictures.
    private func analyseLayout(imageWidth: Int) -> PageLayout {
        var found = PageLayout(columns: false, pictures: [])
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return found }
        defer { TessPageIteratorDelete(iterator) }
        var blocks: [PageLayout.Box] = []
        repeat {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_BLOCK, &left, &top, &right, &bottom) != 0 else { continue }
            let box = PageLayout.Box(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
            switch TessPageIteratorBlockType(iterator) {
            case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE: found.pictures.append(box)
            default: if box.width * 5 >= imageWidth { blocks.append(box) }
            }
        } while TessPageIteratorNext(iterator, RIL_BLOCK) != 0
        for (i, a) in blocks.enumerated() {
            for b in blocks[(i + 1)...] where a.right <= b.left || b.right <= a.left {
                let overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
                if overlap * 3 > min(a.bottom - a.top, b.bottom - b.top) { found.columns = true }
            }
        }
        return found
    }
}
