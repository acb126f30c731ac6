internal import CPoppler
import Foundation
import ManualIndex

/// Turns one poppler page into a `Page`: text, printed label and layout lines with fonts.
struct PageExtractor {
    let page: OpaquePointer

    func extract(number: Int) -> Page {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        let label = MetadataText.clean(takeString(poppler_page_get_label(page)))
        let raw = takeString(poppler_page_get_text(page)) ?? ""
        let lines = layoutLines(text: raw)
        let text = PageExtractor.withoutControls(raw)
        return Page(number: number, label: label,
                    text: text, lines: lines, width: width, height: height)
    }

    /// Groups the per-character rectangles and font runs poppler reports into lines of text.
    private func layoutLines(text: String) -> [TextLine] {
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var rectCount: guint = 0
        guard poppler_page_get_text_layout(page, &rects, &rectCount) != 0, let rects else { return [] }
        defer { g_free(rects) }
        let fonts = FontRuns(page: page)

        var lines: [TextLine] = []
        var current = LineBuilder()
        var index = 0
        var previous: Unicode.Scalar = "\n"
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            // Poppler wraps right-to-left words in embedding marks that have no rectangle of their own.
            if PageExtractor.isBidiControl(scalar) {
                if PageExtractor.startsEmbedding(scalar) && previous == "\u{202C}" {
                    current.append(" ", rect: nil, font: nil)
                }
                continue
            }
            defer { index += 1 }
            // Control characters (a font's ToUnicode map can produce any) are not text; they keep their rectangle.
            if PageExtractor.isStrayControl(scalar) { continue }
            if scalar == "\n" {
                if let line = current.finish() { lines.append(line) }
                current = LineBuilder()
                continue
            }
            guard index < Int(rectCount) else {
                current.append(scalar, rect: nil, font: nil)
                continue
            }
            let font = fonts.font(at: index)
            // Poppler glues table cells of one row into one line ("Compact spare tire230"):
            // a wide gap or a jump back to the left starts a new line, so cells stay apart.
            if !ScalarClass.isWhitespace(scalar), current.breaksBefore(scalar, rects[index], fontSize: font?.size) {
                if let line = current.finish() { lines.append(line) }
                current = LineBuilder()
            }
            current.append(scalar, rect: rects[index], font: font)
        }
        if let line = current.finish() { lines.append(line) }
        return lines
    }

    /// Directional embedding, override, isolate and mark characters: layout hints, never content.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F
    }

    static func startsEmbedding(_ scalar: Unicode.Scalar) -> Bool {
        [0x202A, 0x202B, 0x202D, 0x202E].contains(scalar.value)
    }

    /// C0 and C1 control characters other than the line break: never part of a manual's text.
    ///
    /// General category Cc is exactly U+0000-001F and U+007F-009F, and Unicode's stability policy
    /// keeps it so: a range check answers what a property look-up on every character would.
    static func isStrayControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar != "\n" && (value < 0x20 || (value >= 0x7F && value <= 0x9F))
    }

    /// Page text without control characters and without poppler's bidi marks. Poppler puts each
    /// right-to-left word in its own embedding (RLE word PDF) and drops the space between the first two
    /// words of a line, so two embeddings back to back are two words: they get a space.
    static func withoutControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isBidiControl($0) || isStrayControl($0) }) else { return text }
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar = "\n"
        for scalar in text.unicodeScalars {
            if isStrayControl(scalar) { continue }
            defer { previous = scalar }
            if isBidiControl(scalar) {
                if startsEmbedding(scalar) && previous == "\u{202C}" { out.append(" ") }
                continue
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and their presentation forms).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF: return true
        default: return false
        }
    }
}

/// Accumulates the characters of one line and the box and fonts they occupy.
private struct LineBuilder {
    /// The text as UTF-8: appending bytes is much cheaper than appending scalars to a String.
    var utf8: [UInt8] = []
    var top = Double.greatestFiniteMagnitude, bottom = 0.0
    var left = Double.greatestFiniteMagnitude, right = 0.0
    /// Characters per font size; a line has only a few sizes, so a list beats a dictionary.
    var sizeWeight: [(size: Double, count: Int)] = []
    var boldCount = 0, visibleCount = 0
    private var lastRect: PopplerRectangle?
    private var lastScalar: Unicode.Scalar?

    /// True when a visible character at `rect` cannot continue this line: far to the right, back to the left, or on another row.
    ///
    /// Right-to-left text runs leftwards (and numbers inside it rightwards), so only a change of row ends its line.
    func breaksBefore(_ scalar: Unicode.Scalar, _ rect: PopplerRectangle, fontSize: Double?) -> Bool {
        guard let last = lastRect else { return false }
        let em = max(fontSize ?? (last.y2 - last.y1), 4)
        let gap = min(rect.x1, rect.x2) - max(last.x1, last.x2)
        let center = (rect.y1 + rect.y2) / 2
        let onAnotherRow = center < min(last.y1, last.y2) - em * 0.3 || center > max(last.y1, last.y2) + em * 0.3
        if PageExtractor.isRightToLeft(scalar) || lastScalar.map(PageExtractor.isRightToLeft) == true {
            return onAnotherRow
        }
        return gap > em || gap < -em * 2 || onAnotherRow
    }

    mutating func append(_ scalar: Unicode.Scalar, rect: PopplerRectangle?, font: FontRuns.Font?) {
        if scalar.value < 0x80 {
            utf8.append(UInt8(scalar.value))
        } else {
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        }
        guard !ScalarClass.isWhitespace(scalar) else { return }
        visibleCount += 1
        if let rect {
            lastRect = rect
            lastScalar = scalar
            top = min(top, min(rect.y1, rect.y2))
            bottom = max(bottom, max(rect.y1, rect.y2))
            left = min(left, min(rect.x1, rect.x2))
            right = max(right, max(rect.x1, rect.x2))
        }
        if let font {
            if let slot = sizeWeight.firstIndex(where: { $0.size == font.size }) {
                sizeWeight[slot].count += 1
            } else {
                sizeWeight.append((font.size, 1))
            }
            if font.isBold { boldCount += 1 }
        }
    }

    func finish() -> TextLine? {
        guard visibleCount > 0 else { return nil }
        // The line's size is the one most of its characters use; ties go to the larger size.
        let size = sizeWeight.max { a, b in a.count == b.count ? a.size < b.size : a.count < b.count }?.size ?? 0
        return TextLine(text: String(decoding: utf8, as: UTF8.self),
                        top: top == .greatestFiniteMagnitude ? 0 : top, bottom: bottom,
                        left: left == .greatestFiniteMagnitude ? 0 : left, right: right,
                        fontSize: size, isBold: boldCount * 2 > visibleCount)
    }
}

/// The font runs of a page, looked up by character index.
private struct FontRuns {
    struct Font {
        var size: Double
        var isBold: Bool
    }
    private var runs: [(start: Int, end: Int, font: Font)] = []

    init(page: OpaquePointer) {
        guard let list = poppler_page_get_text_attributes(page) else { return }
        defer { poppler_page_free_text_attributes(list) }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let attrs = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                let bold = attrs.font_name.map { FontRuns.isBold(cString: $0) } ?? FontRuns.isBold("")
                runs.append((Int(attrs.start_index), Int(attrs.end_index),
                             Font(size: (attrs.font_size * 10).rounded() / 10, isBold: bold)))
            }
            node = current.pointee.next
        }
        runs.sort { $0.start < $1.start }
    }

    /// Binary search: pages have thousands of characters and hundreds of runs.
    func font(at index: Int) -> Font? {
        var low = 0, high = runs.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if index < runs[mid].start {
                high = mid - 1
            } else if index > runs[mid].end {
                low = mid + 1
            } else {
                return runs[mid].font
            }
        }
        return nil
    }

    /// Bold is only knowable from the font name ("Arial-BoldMT", "LMRoman10-Bold", TeX's "CMBX12").
    static func isBold(_ fontName: String) -> Bool {
        let name = fontName.lowercased()
        let baseName = name.split(separator: "+").last.map(String.init) ?? name
        return ["bold", "black", "heavy", "semibold", "demi"].contains { baseName.contains($0) }
            || baseName.hasPrefix("cmbx") || baseName.hasPrefix("lmbx") || baseName.contains("-bd")
    }

    /// `isBold(_:)` of a C string, on its bytes when they are ASCII (font names nearly always are):
    /// a page has hundreds of runs, and making, lowercasing and splitting a String for each adds up.
    static func isBold(cString: UnsafePointer<CChar>) -> Bool {
        let name = UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self),
                                       count: strlen(cString))
        guard name.allSatisfy({ $0 < 0x80 }) else { return isBold(String(cString: cString)) }
        let lower = name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        // The subset prefix ("ABCDEF+") goes: the last non-empty part after a "+" is the name.
        let baseName = lower.split(separator: UInt8(ascii: "+")).last.map(Array.init) ?? lower
        func has(_ part: StaticString) -> Bool {
            let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
            guard needle.count <= baseName.count else { return false }
            return (0...(baseName.count - needle.count)).contains { start in
                baseName[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
        func starts(_ part: StaticString) -> Bool {
            baseName.starts(with: UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount))
        }
        return has("bold") || has("black") || has("heavy") || has("semibold") || has("demi")
            || starts("cmbx") || starts("lmbx") || has("-bd")
    }
}

/// Takes ownership of a g_malloc'd C string.
func takeString(_ value: UnsafeMutablePointer<gchar>?) -> String? {
    guard let value else { return nil }
    defer { g_free(value) }
    return String(cString: value)
}
