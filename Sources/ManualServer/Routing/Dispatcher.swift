import Foundation
import Hummingbird
import HTTPTypes

/// A handler: the request with its path parameters in, a response out; errors become responses in
/// `Dispatcher`, the one place that turns them into statuses.
typealias Handler = @Sendable (RequestInput) async throws -> Response

/// Routes requests: the defences against other websites first (`RequestGuard`), then the access
/// token, then the route table. An unknown path is a 404, a known path with another method a 405 naming
/// the allowed ones; a handler's error becomes a JSON error under `/api/` and an error page elsewhere.
/// Never a crash: whatever a handler throws ends as a response.
struct Dispatcher: HTTPResponder {
    typealias Context = BasicRequestContext

    let routes: [(route: Route, handler: Handler)]
    let token: AccessToken?
    let defences: RequestGuard
    /// Paths open without the token: the login page and what it needs to look right.
    static let openPaths: Set<String> = ["/login", "/static/app.css", "/static/app.js"]

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        var response = await route(request)
        defences.origins.decorate(&response, for: request)
        // The server's own time on the request (standard `Server-Timing`), so a load test can tell it
        // apart from the client's and the network's.
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[HTTPField.Name("Server-Timing")!] = "app;dur=" + String(format: "%.2f", milliseconds)
        return response
    }

    private func route(_ request: Request) async -> Response {
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/") || path == "/api"
        let query = FormFields(request.uri.query ?? "").all
        let clearance: RequestGuard.Clearance
        switch defences.check(request, query: query, bearerAdmitted: token?.admitsBearer(request) ?? false) {
        case .failure(let problem):
            return isAPI ? problem.response : ErrorPage.response(problem)
        case .success(let cleared):
            clearance = cleared
        }
        if let preflight = defences.origins.preflight(request) { return preflight }
        var response = await route(request, path: path, isAPI: isAPI, query: query, clearance: clearance)
        if clearance.isNewBrowser, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(FormTokens.cookie(clearance.browserID))
        }
        return response
    }

    private func route(_ request: Request, path: String, isAPI: Bool, query: [String: String],
                       clearance: RequestGuard.Clearance) async -> Response {
        if let token, !Dispatcher.openPaths.contains(path), !token.admits(request) {
            if isAPI {
                return HTTPProblem(status: .unauthorized, code: "unauthorized",
                                   message: "this server needs its access token (Authorization: Bearer TOKEN)").response
            }
            return Redirect.to("/login?next=" + (request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
        }
        let components = Route.components(path)
        var allowed: [String] = []
        for (route, handler) in routes {
            guard let parameters = route.match(components) else { continue }
            guard route.method == request.method.rawValue || (route.method == "GET" && request.method == .head) else {
                allowed.append(route.method)
                continue
            }
            do {
                return try await handler(RequestInput(request: request, parameters: parameters, query: query, clearance: clearance,
                                                      forms: defences.forms))
            } catch {
                let problem = HTTPProblem(error)
                return isAPI ? problem.response : ErrorPage.response(problem)
            }
        }
        let problem = allowed.isEmpty
            ? HTTPProblem(status: .notFound, code: "not_found", message: "no such page: \(path)")
            : HTTPProblem(status: .methodNotAllowed, code: "method_not_allowed",
                          message: "\(request.method.rawValue) is not allowed on \(path) (allowed: \(allowed.joined(separator: ", ")))")
        var response = isAPI ? problem.response : ErrorPage.response(problem)
        if !allowed.isEmpty { response.headers[.allow] = allowed.joined(separator: ", ") }
        return response
    }
}

/// A 303 to another page: after a form POST, the browser shows the page it is sent to.
enum Redirect {
    static func to(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
