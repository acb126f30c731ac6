import Foundation
import Hummingbird

/// An error in the browser: the same one line the API and the CLI give, on a page with the navigation.
enum ErrorPage {
    static func response(_ problem: HTTPProblem) -> Response {
        let body = """
            <h1>\(HTML.escape(problem.status.reasonPhrase))</h1>
            <p class="error" role="alert">\(HTML.escape(problem.message))</p>
            <p><a href="/">Ask a question</a> · <a href="/library">Library</a></p>
            """
        return HTMLResponse.make(Layout.page(title: problem.status.reasonPhrase, section: .none, body: body), status: problem.status)
    }
}

enum HTMLResponse {
    static func make(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
