import CPoppler
import Foundation

/// Turns one poppler page into a `Page`: text, printed label and layout lines with fonts.
struct PageExtractor {
    let page: OpaquePointer

    func extract(number: Int) -> Page {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        let label = takeString(poppler_page_get_label(page))
        let text = takeString(poppler_page_get_text(page)) ?? ""
        let lines = layoutLines(text: text)
        return Page(number: number, label: label?.isEmpty == true ? nil : label,
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
        for scalar in text.unicodeScalars {
            defer { index += 1 }
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
            if !scalar.properties.isWhitespace, current.breaksBefore(rects[index], fontSize: font?.size) {
                if let line = current.finish() { lines.append(line) }
                current = LineBuilder()
            }
            current.append(scalar, rect: rects[index], font: font)
        }
        if let line = current.finish() { lines.append(line) }
        return lines
    }
}

/// Accumulates the characters of one line and the box and fonts they occupy.
private struct LineBuilder {
    var scalars = String.UnicodeScalarView()
    var top = Double.greatestFiniteMagnitude, bottom = 0.0
    var left = Double.greatestFiniteMagnitude, right = 0.0
    var sizeWeight: [Double: Int] = [:]
    var boldCount = 0, visibleCount = 0
    private var lastRect: PopplerRectangle?

    /// True when a visible character at `rect` cannot continue this line: far to the right, back to the left, or on another row.
    func breaksBefore(_ rect: PopplerRectangle, fontSize: Double?) -> Bool {
        guard let last = lastRect else { return false }
        let em = max(fontSize ?? (last.y2 - last.y1), 4)
        let gap = min(rect.x1, rect.x2) - max(last.x1, last.x2)
        let center = (rect.y1 + rect.y2) / 2
        let onAnotherRow = center < min(last.y1, last.y2) - em * 0.3 || center > max(last.y1, last.y2) + em * 0.3
        return gap > em || gap < -em * 2 || onAnotherRow
    }

    mutating func append(_ scalar: Unicode.Scalar, rect: PopplerRectangle?, font: FontRuns.Font?) {
        scalars.append(scalar)
        guard !scalar.properties.isWhitespace else { return }
        visibleCount += 1
        if let rect {
            lastRect = rect
            top = min(top, min(rect.y1, rect.y2))
            bottom = max(bottom, max(rect.y1, rect.y2))
            left = min(left, min(rect.x1, rect.x2))
            right = max(right, max(rect.x1, rect.x2))
        }
        if let font {
            sizeWeight[font.size, default: 0] += 1
            if font.isBold { boldCount += 1 }
        }
    }

    func finish() -> TextLine? {
        guard visibleCount > 0 else { return nil }
        // The line's size is the one most of its characters use; ties go to the larger size.
        let size = sizeWeight.max { a, b in a.value == b.value ? a.key < b.key : a.value < b.value }?.key ?? 0
        return TextLine(text: String(scalars),
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
                let name = attrs.font_name.map { String(cString: $0) } ?? ""
                runs.append((Int(attrs.start_index), Int(attrs.end_index),
                             Font(size: (attrs.font_size * 10).rounded() / 10, isBold: FontRuns.isBold(name))))
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
}

/// Takes ownership of a g_malloc'd C string.
func takeString(_ value: UnsafeMutablePointer<gchar>?) -> String? {
    guard let value else { return nil }
    defer { g_free(value) }
    return String(cString: value)
}
