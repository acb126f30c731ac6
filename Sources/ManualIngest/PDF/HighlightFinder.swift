internal import CPoppler
import Foundation

/// Where a quoted text sits on a page, as rectangles in page points with the origin at the top left.
///
/// A quote is first searched whole (across line breaks); when the page's text differs from the stored
/// quote (a word joined across a hyphen, a ligature), runs of a few words are searched instead, so the
/// marker still covers most of the sentence.
struct HighlightFinder {
    let page: OpaquePointer
    let pageHeight: Double

    struct Box: Equatable {
        var x, y, width, height: Double
    }

    /// Words per run when the whole quote is not found.
    static let runLength = 4

    func boxes(for text: String) -> [Box] {
        let whole = find(text)
        if !whole.isEmpty { return whole }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count > HighlightFinder.runLength else { return [] }
        var found: [Box] = []
        var start = 0
        while start < words.count {
            let run = words[start..<min(words.count, start + HighlightFinder.runLength)].joined(separator: " ")
            found += find(run)
            start += HighlightFinder.runLength
        }
        return found
    }

    private func find(_ text: String) -> [Box] {
        let options = POPPLER_FIND_MULTILINE.rawValue | POPPLER_FIND_IGNORE_DIACRITICS.rawValue
        guard let list = poppler_page_find_text_with_options(page, text, PopplerFindFlags(rawValue: options)) else { return [] }
        defer { g_list_free_full(list) { poppler_rectangle_free($0?.assumingMemoryBound(to: PopplerRectangle.self)) } }
        var boxes: [Box] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let rect = current.pointee.data?.assumingMemoryBound(to: PopplerRectangle.self).pointee {
                // Poppler's search rectangles count y from the page's bottom edge.
                let top = pageHeight - max(rect.y1, rect.y2), bottom = pageHeight - min(rect.y1, rect.y2)
                boxes.append(Box(x: min(rect.x1, rect.x2) - 1, y: top - 1,
                                 width: abs(rect.x2 - rect.x1) + 2, height: bottom - top + 2))
            }
            node = current.pointee.next
        }
        return boxes
    }
}
