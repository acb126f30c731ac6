import Foundation
import ManualKit
import Testing
import TestSupport

/// The HTML pages with JavaScript off: what a plain form GET or POST gives.
@Suite(.serialized) struct WebPageTests {
    let folder = TemporaryFolder()
    let library: String
    let server: ServerProcess

    init() throws {
        library = sampleLibrary(folder)
        server = try ServerProcess(library: library)
    }

    @Test func askingWithAFormGetShowsAnswerSourcesAndLinks() throws {
        let page = try server.client.get("/?q=tire+pressure+warning+light")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("<label for=\"q\">"), "the question box has a label")
        #expect(html.contains("Confidence: <strong>"))
        #expect(html.contains("href=\"/documents/1/pages/24?highlight="), "a source links to the cited page with its quote")
        #expect(html.contains("p. 24 (printed 18)"))
        #expect(html.contains("class=\"marker\""), "the [p. N] markers are links")
        #expect(html.contains("action=\"/history/"), "helpful / unhelpful forms")
        #expect(!html.contains("<script>"), "no inline script")
    }

    @Test func aSentenceThatRunsOverAPageBreakLinksItsFirstPageAndNamesBoth() throws {
        let html = try server.client.get("/?q=How+should+I+clean+the+touch+screen%3F").text
        #expect(html.contains("pp. 32-33 (printed 26-27)"), "the source names both pages")
        #expect(html.contains("<a class=\"marker\" href=\"/documents/1/pages/32?highlight="), "the [pp. 32-33] marker is a link")
    }

    @Test func aQuestionTheLibraryDoesNotCoverSaysSo() throws {
        let html = try server.client.get("/?q=how+do+I+bake+sourdough+bread").text
        #expect(html.contains("does not appear to cover"))
        #expect(html.contains("What the library does cover"))
        #expect(!html.contains("<h3>Sources</h3>"))
    }

    @Test func pageViewerShowsTheImageOutlineAndFind() throws {
        let html = try server.client.get("/documents/1/pages/24?highlight=amber%20tire%20pressure&find=snow%20chains").text
        #expect(html.contains("src=\"/api/documents/1/pages/24.png?width=1000&amp;highlight=amber%20tire%20pressure\""))
        #expect(html.contains("alt=\"Page 24 (printed 18) of Northwind Tern 2024 Owner&#39;s Manual"))
        #expect(html.contains("href=\"/documents/1/pages/23\""), "previous page")
        #expect(html.contains("href=\"/documents/1/pages/25\""), "next page")
        #expect(html.contains("4.3 Tire Pressure Monitoring System"), "the outline")
        #expect(html.contains("<label for=\"find\">"))
        #expect(html.contains("href=\"/documents/1/pages/24?highlight=snow%20chains\""), "find results link to their page")
        #expect(try server.client.get("/documents/1/pages/99").status == 404)
    }

    @Test func ratingFormRedirectsAndShowsInHistory() throws {
        _ = try server.client.get("/?q=check+the+engine+oil")
        let history = try #require(try server.client.get("/api/history").json as? [[String: Any]])
        let id = try #require(history.first?["id"] as? Int)
        let posted = try BrowserSession(server.client).post("/history/\(id)/rating", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                            body: Data("rating=unhelpful&back=%2Fhistory".utf8))
        #expect(posted.status == 303)
        #expect(posted.headers["location"] == "/history")
        let html = try server.client.get("/history").text
        #expect(html.contains("<span class=\"rating\">unhelpful</span>"))
        #expect(html.contains("href=\"/?q=check%20the%20engine%20oil\""), "re-ask link")
    }

    @Test func libraryUploadAndRemoveWithPlainForms() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("small.pdf")))
        let form = HTTPClient.multipart(file: file, fileName: "kettle.pdf", fields: ["make": "Aurora"])
        let browser = try BrowserSession(server.client)
        let posted = try browser.post("/library/upload", headers: ["Content-Type": form.contentType], body: form.body)
        #expect(posted.status == 303)
        #expect(posted.headers["location"]?.hasPrefix("/library?notice=added") == true)
        var html = try server.client.get("/library").text
        #expect(html.contains("Aurora"))
        #expect(html.contains("action=\"/library/2/remove?csrf="))
        let removed = try browser.post("/library/2/remove")
        #expect(removed.status == 303)
        html = try server.client.get("/library").text
        #expect(!html.contains("action=\"/library/2/remove"))
        // A bad PDF through the form: an error page with the CLI's line, status 422.
        let bad = HTTPClient.multipart(file: Data("hello".utf8), fileName: "notes.pdf")
        let refused = try browser.post("/library/upload", headers: ["Content-Type": bad.contentType], body: bad.body)
        #expect(refused.status == 422)
        #expect(refused.text.contains("notes.pdf: not a PDF file (no %PDF header)"))
    }

    @Test func aDamagedFileIsFlaggedInTheLibrary() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Fixtures.edge("damaged-xref.pdf")))
        let form = HTTPClient.multipart(file: file, fileName: "kettle-copy.pdf")
        let posted = try BrowserSession(server.client).post("/library/upload", headers: ["Content-Type": form.contentType], body: form.body)
        #expect(posted.status == 303)
        let html = try server.client.get("/library").text
        #expect(html.contains("<span class=\"flag damaged\" title=\"the file is damaged"), "\(html)")
        #expect(html.components(separatedBy: "class=\"flag damaged\"").count == 2, "only the damaged file is flagged")
    }

    @Test func staticAssetsAreServed() throws {
        let css = try server.client.get("/static/app.css")
        #expect(css.status == 200)
        #expect(css.headers["content-type"]?.hasPrefix("text/css") == true)
        #expect(try server.client.get("/static/app.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
    }
}
