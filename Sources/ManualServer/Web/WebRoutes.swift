import Foundation
import Hummingbird
import ManualKit

/// The pages people use in a browser. Every one works with JavaScript off: asking is a form GET,
/// rating, uploading and removing are form POSTs answered with a redirect.
enum WebRoutes {
    static func routes(_ served: ServedLibrary) -> [(route: Route, handler: Handler)] {
        [
            (Route("GET", "/"), { try await ask($0, served) }),
            (Route("GET", "/library"), { try await library($0, served) }),
            (Route("POST", "/library/upload"), { try await upload($0, served) }),
            (Route("POST", "/library/{id}/remove"), { try await remove($0, served) }),
            (Route("GET", "/documents/{id}/pages/{page}"), { try await page($0, served) }),
            (Route("GET", "/history"), { try await history($0, served) }),
            (Route("POST", "/history/{queryID}/rating"), { try await rate($0, served) }),
            (Route("GET", "/login"), { login($0) }),
            (Route("POST", "/login"), { try await checkLogin($0, served) }),
            (Route("GET", "/static/app.css"), { _ in asset(StyleSheet.css, type: "text/css; charset=utf-8") }),
            (Route("GET", "/static/app.js"), { _ in asset(Script.js, type: "text/javascript; charset=utf-8") }),
        ]
    }

    static func ask(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let question = input.text("q").flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let (result, documents) = try await served.readers.read { library in
            (try question.map { try library.ask($0, record: input.clearance.mayRecord, keep: input.clearance.mayRecord) }, try library.store.documents())
        }
        return HTMLResponse.make(AskView.render(question: question, result: result, documents: documents, formToken: input.formToken))
    }

    static func library(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let (documents, status) = try await served.readers.read { library in
            (try library.store.documents(), try LibraryStatus(store: library.store, pipeline: library.pipeline))
        }
        return HTMLResponse.make(LibraryView.render(documents: documents, status: status, readOnly: served.configuration.readOnly,
                                                    uploadLimit: served.configuration.uploadLimit, notice: input.text("notice"), formToken: input.formToken))
    }

    static func upload(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        guard !served.configuration.readOnly else { throw served.readOnlyRefusal() }
        let (_, report) = try await APIRoutes.receiveAndIngest(input, served)
        return Redirect.to("/library?notice=" + HTML.query("\(report.outcome.rawValue): \(report.document.title)"))
    }

    static func remove(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        guard !served.configuration.readOnly else { throw served.readOnlyRefusal() }
        let removed = try await served.remove(documentID: try input.pathNumber("id"))
        return Redirect.to("/library?notice=" + HTML.query("removed: \(removed.title)"))
    }

    static func page(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("id")
        let number = Int(try input.pathNumber("page"))
        let find = input.text("find")
        let model = try await served.readers.read { library -> PageViewerView.Model in
            guard let document = try library.store.document(id: id) else { throw StoreError.documentNotFound("#\(id)") }
            guard number <= document.pageCount else {
                throw PageImageError.noSuchPage(documentID: id, page: number, pageCount: document.pageCount)
            }
            let label = try library.store.pages(documentID: id, numbers: number...number).first?.label
            return PageViewerView.Model(document: document, page: number, label: label, highlight: input.text("highlight"),
                                        outline: try OutlineLine.outline(store: library.store, documentID: id), find: find,
                                        hits: try find.map { try library.find($0, documentID: id) } ?? [])
        }
        return HTMLResponse.make(PageViewerView.render(model))
    }

    static func history(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        HTMLResponse.make(HistoryView.render(queries: try await served.readers.read { try $0.store.queries(limit: 100) },
                                             formToken: input.formToken))
    }

    static func rate(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("queryID")
        let fields = FormFields(String(buffer: try await input.request.body.collect(upTo: 16_384)))
        try await served.rate(queryID: id, fields["rating"])
        return Redirect.to(safeLocal(fields["back"]) ?? "/history")
    }

    static func login(_ input: RequestInput) -> Response {
        HTMLResponse.make(LoginView.render(next: safeLocal(input.text("next")) ?? "/", failed: false, formToken: input.formToken))
    }

    static func checkLogin(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let fields = FormFields(String(buffer: try await input.request.body.collect(upTo: 16_384)))
        let next = safeLocal(fields["next"]) ?? "/"
        guard let token = served.configuration.token else { return Redirect.to(next) }
        guard let given = fields["token"], AccessToken.equal(given, token) else {
            return HTMLResponse.make(LoginView.render(next: next, failed: true, formToken: input.formToken), status: .unauthorized)
        }
        var response = Redirect.to(next)
        response.setCookie(Cookie(name: AccessToken.cookieName, value: AccessToken(value: token).cookieValue, path: "/",
                                  httpOnly: true, sameSite: .strict))
        return response
    }

    /// Only a path on this server: never send the browser elsewhere after a form.
    static func safeLocal(_ location: String?) -> String? {
        guard let location, location.hasPrefix("/"), !location.hasPrefix("//") else { return nil }
        return location
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=300"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
