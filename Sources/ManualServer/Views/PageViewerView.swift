import Foundation
import ManualKit

/// The page viewer: the physical page as an image with the quoted words marked, previous and next,
/// the document's outline to jump to a section, and a "find in this manual" box.
enum PageViewerView {
    struct Model {
        var document: DocumentRecord
        var page: Int
        var label: String?
        var highlight: String?
        var outline: [OutlineLine]
        var find: String?
        var hits: [PhraseHit]
    }

    static func render(_ m: Model) -> String {
        let d = m.document
        let pageName = PageName.of(page: m.page, label: m.label)
        var image = "/api/documents/\(d.id)/pages/\(m.page).png?width=\(PageImageRequest.defaultWidth)"
        if let highlight = m.highlight { image += "&highlight=" + HTML.query(highlight) }
        let alt = "Page \(m.page)\(m.label.map { $0 != String(m.page) ? " (printed \($0))" : "" } ?? "") of \(d.title)"
            + (m.highlight.map { ", with “\($0.prefix(120))” highlighted" } ?? "")
        let previous = m.page > 1 ? "<a rel=\"prev\" href=\"\(HTML.pageLink(document: d.id, page: m.page - 1))\">← Previous page</a>" : "<span></span>"
        let next = m.page < d.pageCount ? "<a rel=\"next\" href=\"\(HTML.pageLink(document: d.id, page: m.page + 1))\">Next page →</a>" : "<span></span>"
        var body = """
            <div class="viewer">
            <div class="page-column">
            <h1><span class="doc-title">\(HTML.escape(d.title))</span> <span class="page-name" id="page-name">\(HTML.escape(pageName))</span> <span class="of">of \(d.pageCount)</span></h1>
            <nav class="pager" aria-label="Pages">\(previous)\(next)</nav>
            \(m.highlight.map { "<p class=\"quote-note\">Highlighted: <mark>\(HTML.escape(String($0.prefix(300))))</mark></p>" } ?? "")
            <img class="page-image" id="page-image" src="\(HTML.escape(image))" alt="\(HTML.escape(alt))" width="\(PageImageRequest.defaultWidth)">
            <nav class="pager" aria-label="Pages (bottom)">\(previous)\(next)</nav>
            </div>
            <aside class="side">
            <form class="find" method="get" action="\(HTML.pageLink(document: d.id, page: m.page))" role="search">
            <label for="find">Find in this manual</label>
            <div class="row"><input id="find" name="find" type="search" value="\(HTML.escape(m.find ?? ""))"><button type="submit">Find</button></div>
            </form>

            """
        if let find = m.find {
            body += "<h2>“\(HTML.escape(find))”</h2>\n"
            if m.hits.isEmpty {
                body += "<p>Not found in this manual.</p>\n"
            } else {
                body += "<ol class=\"hits\">\n" + m.hits.map { hit in
                    "<li><a href=\"\(HTML.escape(HTML.pageLink(document: d.id, page: hit.page, highlight: find)))\">\(HTML.escape(PageName.of(page: hit.page, label: hit.label)))</a> \(HTML.escape(hit.snippet))</li>"
                }.joined(separator: "\n") + "\n</ol>\n"
            }
        }
        body += "<h2>Contents</h2>\n"
        if m.outline.isEmpty {
            body += "<p>This manual has no outline.</p>\n"
        } else {
            body += "<ul class=\"outline\">\n" + m.outline.map { line in
                let current = line.page == m.page ? " aria-current=\"page\"" : ""
                return "<li class=\"level-\(min(line.level, 4))\"><a href=\"\(HTML.pageLink(document: d.id, page: line.page))\"\(current)>\(HTML.escape(line.title))</a> <span class=\"p\">\(HTML.escape(PageName.of(page: line.page, label: line.label)))</span></li>"
            }.joined(separator: "\n") + "\n</ul>\n"
        }
        body += "</aside>\n</div>\n"
        return Layout.page(title: "\(d.title), \(pageName)", section: .none, body: body)
    }
}
