import Foundation

/// The frame every page shares: a skip link, the navigation, the page's content. Works without
/// JavaScript; `app.js` only adds upload progress and in-place rating.
enum Layout {
    enum Section: String {
        case ask = "Ask", library = "Library", history = "History", none = ""
    }

    /// `formToken` goes into a `<meta name="csrf-token">`, from which `app.js` sends it with the changes
    /// it makes in place (`FormTokens`); pages without forms pass nil.
    static func page(title: String, section: Section, body: String, formToken: String? = nil) -> String {
        let links: [(Section, String)] = [(.ask, "/"), (.library, "/library"), (.history, "/history")]
        let nav = links.map { item, href in
            "<a href=\"\(href)\"\(item == section ? " aria-current=\"page\"" : "")>\(item.rawValue)</a>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title)) · manual</title>
            <link rel="icon" href="data:,">
            \(formToken.map { "<meta name=\"csrf-token\" content=\"\(HTML.escape($0))\">" } ?? "")
            <link rel="stylesheet" href="/static/app.css">
            <script src="/static/app.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="top"><a class="brand" href="/">manual</a><nav aria-label="Main">\(nav)</nav></header>
            <main id="main">
            \(body)
            </main>
            </body>
            </html>

            """
    }
}
