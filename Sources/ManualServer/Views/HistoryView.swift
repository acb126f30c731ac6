import Foundation
import ManualKit

/// Past questions with their confidence and rating; each can be asked again or rated.
enum HistoryView {
    static func render(queries: [QueryRecord], formToken: String) -> String {
        var body = "<h1>History</h1>\n"
        if queries.isEmpty {
            body += "<p>No questions asked yet. <a href=\"/\">Ask one</a>.</p>\n"
        } else {
            body += "<ol class=\"history\" reversed>\n"
            for q in queries {
                body += """
                    <li data-query="\(q.id)"><a class="reask" href="/?q=\(HTML.query(q.question))">\(HTML.escape(q.question))</a>
                    <span class="meta">\(HTML.escape(String(q.askedAt.prefix(16)).replacingOccurrences(of: "T", with: " "))) UTC · confidence <span class="confidence-word \(HTML.escape(q.confidence))">\(HTML.escape(q.confidence))</span> · rating <span class="rating">\(HTML.escape(q.rating ?? "none"))</span></span>
                    \(RatingForm.render(queryID: q.id, current: q.rating, back: "/history", formToken: formToken))</li>

                    """
            }
            body += "</ol>\n"
        }
        return Layout.page(title: "History", section: .history, body: body, formToken: formToken)
    }
}
