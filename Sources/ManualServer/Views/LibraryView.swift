import Foundation
import ManualKit

/// The library: every document with its product, pages, when it was ingested and what needs doing
/// (flags from `status`, and a damaged or copy-restricted file's), an upload form and remove buttons.
enum LibraryView {
    static func render(documents: [DocumentRecord], status: LibraryStatus, readOnly: Bool, uploadLimit: Int,
                       notice: String?, formToken: String) -> String {
        var body = "<h1>Library</h1>\n"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += "<p>\(documents.count) manual\(documents.count == 1 ? "" : "s"), \(status.counts.pages) pages, \(status.counts.chunks) passages.</p>\n"
        if documents.isEmpty {
            body += "<p>No manuals yet.</p>\n"
        } else {
            body += """
                <div class="table-wrap"><table class="documents">
                <thead><tr><th scope="col">Title</th><th scope="col">Product</th><th scope="col">Pages</th><th scope="col">Ingested</th><th scope="col">State</th>\(readOnly ? "" : "<th scope=\"col\"><span class=\"visually-hidden\">Actions</span></th>")</tr></thead>
                <tbody>

                """
            for d in documents {
                var flags: [(name: String, title: String?)] = []
                if status.stale.contains(d.id) { flags.append(("stale", nil)) }
                if status.changed.contains(d.id) { flags.append(("changed", nil)) }
                if status.missing.contains(d.id) { flags.append(("missing", nil)) }
                // What was wrong with the file when it was read (`SourceCondition`): the flag's title says it.
                let notes = d.condition.notes.joined(separator: "; ")
                if d.condition.crossReferenceRebuilt { flags.append(("damaged", notes)) }
                if d.condition.copyRestricted { flags.append(("copy-restricted", notes)) }
                let state = flags.isEmpty ? "ok" : flags.map { flag in
                    "<span class=\"flag \(flag.name)\"" + (flag.title.map { " title=\"\(HTML.escape($0))\"" } ?? "") + ">\(flag.name)</span>"
                }.joined(separator: " ")
                let product = [d.product.make, d.product.model, d.product.year.map(String.init)].compactMap { $0 }.joined(separator: " ")
                body += """
                    <tr data-document="\(d.id)"><td><a href="\(HTML.pageLink(document: d.id, page: 1))">\(HTML.escape(d.title))</a><br><span class="file">\(HTML.escape(d.fileName))</span></td>
                    <td>\(HTML.escape(product.isEmpty ? "—" : product))</td><td>\(d.pageCount)</td><td>\(HTML.escape(String(d.ingestedAt.prefix(10))))</td>
                    <td>\(state)</td>
                    """
                if !readOnly {
                    body += """
                        <td><form method="post" action="\(HTML.escape(HTML.formAction("/library/\(d.id)/remove", token: formToken)))" class="remove"><button type="submit" aria-label="Remove \(HTML.escape(d.title))">Remove</button></form></td>
                        """
                }
                body += "</tr>\n"
            }
            body += "</tbody></table></div>\n"
        }
        if !readOnly {
            body += """
                <h2>Add a manual</h2>
                <form class="upload" method="post" action="\(HTML.escape(HTML.formAction("/library/upload", token: formToken)))" enctype="multipart/form-data">
                <p><label for="file">PDF file (up to \(uploadLimit >> 20) MB)</label><br><input id="file" name="file" type="file" accept="application/pdf,.pdf" required></p>
                <p><label for="title">Title (optional)</label><br><input id="title" name="title" type="text"></p>
                <p><label for="password">Password (only for an encrypted PDF)</label><br><input id="password" name="password" type="password" autocomplete="off"></p>
                <div class="row three"><p><label for="make">Make</label><br><input id="make" name="make" type="text"></p>
                <p><label for="model">Model</label><br><input id="model" name="model" type="text"></p>
                <p><label for="year">Year</label><br><input id="year" name="year" type="number" min="1800" max="3000"></p></div>
                <p><button type="submit">Upload</button></p>
                <progress id="upload-progress" max="100" value="0" hidden aria-label="Upload progress"></progress>
                <p id="upload-status" role="status"></p>
                </form>

                """
        }
        return Layout.page(title: "Library", section: .library, body: body, formToken: formToken)
    }
}
