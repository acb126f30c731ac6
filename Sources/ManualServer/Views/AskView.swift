import Foundation
import ManualKit

/// The ask page: the question box, then the answer with its page markers as links, the sources, the
/// confidence as a word and a colour, follow-ups, and helpful / unhelpful buttons.
enum AskView {
    static func render(question: String?, result: AskResult?, documents: [DocumentRecord], formToken: String) -> String {
        var body = """
            <h1>Ask your manuals</h1>
            <form class="ask" action="/" method="get" role="search">
            <label for="q">Question</label>
            <div class="row"><input id="q" name="q" type="search" value="\(HTML.escape(question ?? ""))" \
            placeholder="e.g. How do I reset the filter indicator?" autocomplete="off" required>
            <button type="submit">Ask</button></div>
            </form>
            """
        if let result {
            body += answer(result, formToken: formToken)
        } else if documents.isEmpty {
            body += "<p>The library is empty. <a href=\"/library\">Add a PDF manual</a> to start asking.</p>"
        }
        return Layout.page(title: question ?? "Ask", section: .ask, body: body, formToken: formToken)
    }

    private static func answer(_ result: AskResult, formToken: String) -> String {
        let answer = result.answer
        let confidence = answer.confidence.rawValue
        var html = "<section class=\"answer\" aria-labelledby=\"answer-heading\">\n<h2 id=\"answer-heading\">Answer</h2>\n"
        html += "<p class=\"confidence \(confidence)\" data-confidence=\"\(confidence)\">Confidence: <strong>\(confidenceWord(answer.confidence))</strong></p>\n"
        if answer.confidence == .none {
            html += "<p class=\"answer-text\" id=\"answer-text\">\(HTML.escape(answer.answer))</p>\n"
        } else {
            html += "<p class=\"answer-text\" id=\"answer-text\">\(linkedAnswer(answer))</p>\n"
        }
        if !answer.citations.isEmpty {
            html += "<h3>Sources</h3>\n<ol class=\"sources\">\n"
            for citation in distinctSources(answer.citations) {
                let href = HTML.pageLink(document: citation.documentID, page: citation.page, highlight: citation.quote)
                html += """
                    <li class="source"><a class="cite" href="\(HTML.escape(href))" data-page="\(citation.page)">\
                    \(HTML.escape(PageName.of(citation)))</a> \
                    <span class="title">\(HTML.escape(answer.sourceName(of: citation)))</span>\
                    \(citation.heading.isEmpty ? "" : " <span class=\"heading\">— \(HTML.escape(citation.heading))</span>")
                    <blockquote>\(HTML.escape(citation.quote))</blockquote></li>

                    """
            }
            html += "</ol>\n"
        }
        if let elsewhere = answer.alsoIn, !elsewhere.isEmpty {
            html += "<h3>Also in</h3>\n<ul class=\"also\">\n"
            for citation in elsewhere {
                let href = HTML.pageLink(document: citation.documentID, page: citation.page, highlight: citation.quote)
                html += "<li><a href=\"\(HTML.escape(href))\">\(HTML.escape(answer.sourceName(of: citation))), \(HTML.escape(PageName.of(citation)))</a></li>\n"
            }
            html += "</ul>\n"
        }
        if !answer.suggestedFollowUps.isEmpty {
            html += "<h3>\(answer.confidence == .none ? "What the library does cover" : "You could also ask")</h3>\n<ul class=\"followups\">\n"
            for followUp in answer.suggestedFollowUps {
                html += "<li><a class=\"followup\" href=\"/?q=\(HTML.query(followUp))\">\(HTML.escape(followUp))</a></li>\n"
            }
            html += "</ul>\n"
        }
        if let id = result.queryID {
            html += RatingForm.render(queryID: id, current: nil, back: "/?q=" + HTML.query(answer.question), formToken: formToken)
        }
        html += "</section>\n"
        return html
    }

    /// Consecutive sentences from one page and section are one source to a reader.
    private static func distinctSources(_ citations: [Citation]) -> [Citation] {
        var out: [Citation] = []
        for citation in citations {
            if let last = out.last, last.documentID == citation.documentID, last.page == citation.page,
               last.heading == citation.heading {
                out[out.count - 1].quote += " " + citation.quote
                continue
            }
            out.append(citation)
        }
        return out
    }

    static func confidenceWord(_ confidence: Confidence) -> String {
        switch confidence {
        case .high: return "high"
        case .medium: return "medium"
        case .low: return "low — check the cited page"
        case .none: return "not covered by the library"
        }
    }

    /// The answer text with each `[p. N]` (or `[Short Name p. N]`, or `[pp. N-M]` for a sentence that runs
    /// over a page break) marker turned into a link to page N, with the sentence it follows highlighted there.
    static func linkedAnswer(_ answer: Answer) -> String {
        let text = answer.answer
        guard let pattern = try? NSRegularExpression(pattern: #"\[([^\[\]]*?)pp?\. ?(\d+)(?:-\d+)?\]"#) else { return HTML.escape(text) }
        var html = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let pageRange = Range(match.range(at: 2), in: text),
                  let page = Int(text[pageRange]) else { continue }
            let name = Range(match.range(at: 1), in: text).map { text[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            html += HTML.escape(String(text[last..<whole.lowerBound]))
            let citation = answer.citations.first { $0.page == page && (name.isEmpty || $0.title.hasPrefix(name)) }
                ?? answer.citations.first { $0.page == page }
            if let citation {
                let href = HTML.pageLink(document: citation.documentID, page: page, highlight: citation.quote)
                html += "<a class=\"marker\" href=\"\(HTML.escape(href))\">\(HTML.escape(String(text[whole])))</a>"
            } else {
                html += HTML.escape(String(text[whole]))
            }
            last = whole.upperBound
        }
        return html + HTML.escape(String(text[last...]))
    }
}

/// Helpful / unhelpful buttons: a plain form POST (JavaScript sends it in place).
enum RatingForm {
    static func render(queryID: Int64, current: String?, back: String, formToken: String) -> String {
        """
        <form class="rate" method="post" action="\(HTML.escape(HTML.formAction("/history/\(queryID)/rating", token: formToken)))" data-query="\(queryID)">
        <input type="hidden" name="back" value="\(HTML.escape(back))">
        <span id="rate-label-\(queryID)">Was this helpful?</span>
        <button type="submit" name="rating" value="helpful" aria-describedby="rate-label-\(queryID)"\(current == "helpful" ? " aria-pressed=\"true\"" : "")>Helpful</button>
        <button type="submit" name="rating" value="unhelpful" aria-describedby="rate-label-\(queryID)"\(current == "unhelpful" ? " aria-pressed=\"true\"" : "")>Not helpful</button>
        <span class="rated" role="status">\(current.map { "Rated \($0)." } ?? "")</span>
        </form>

        """
    }
}
