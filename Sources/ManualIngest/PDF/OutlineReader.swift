internal import CPoppler
import ManualIndex

/// Reads the PDF outline (bookmarks) into a flat list of entries with physical pages.
struct OutlineReader {
    let document: OpaquePointer

    func read() -> [OutlineEntry] {
        guard let root = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(root) }
        var entries: [OutlineEntry] = []
        walk(root, level: 1, into: &entries)
        return entries
    }

    private func walk(_ iter: OpaquePointer, level: Int, into entries: inout [OutlineEntry]) {
        // Deeply nested outlines are malformed; stop rather than recurse without end.
        guard level <= 16 else { return }
        repeat {
            if let entry = entry(at: iter, level: level) { entries.append(entry) }
            if let child = poppler_index_iter_get_child(iter) {
                walk(child, level: level + 1, into: &entries)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iter) != 0
    }

    private func entry(at iter: OpaquePointer, level: Int) -> OutlineEntry? {
        guard let action = poppler_index_iter_get_action(iter) else { return nil }
        defer { poppler_action_free(action) }
        guard action.pointee.type == POPPLER_ACTION_GOTO_DEST else { return nil }
        let goto = action.pointee.goto_dest
        let title = MetadataText.clean(goto.title.map { String(cString: $0) }) ?? ""
        guard !title.isEmpty, let page = pageNumber(of: goto.dest) else { return nil }
        return OutlineEntry(title: title, page: page, level: level)
    }

    private func pageNumber(of dest: UnsafeMutablePointer<PopplerDest>?) -> Int? {
        guard let dest else { return nil }
        if dest.pointee.type == POPPLER_DEST_NAMED {
            guard let name = dest.pointee.named_dest,
                  let resolved = poppler_document_find_dest(document, name) else { return nil }
            defer { poppler_dest_free(resolved) }
            return resolved.pointee.page_num > 0 ? Int(resolved.pointee.page_num) : nil
        }
        return dest.pointee.page_num > 0 ? Int(dest.pointee.page_num) : nil
    }
}
