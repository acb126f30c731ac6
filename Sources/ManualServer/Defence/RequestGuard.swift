import Foundation
import Hummingbird
import HTTPTypes

/// The server's defences against other websites, run on every request before any route:
/// 1. the `Host` must be one this server answers for (`HostAllowList`), against DNS rebinding;
/// 2. a request that can change the library or the history (any method but GET, HEAD, OPTIONS) must not
///    come from another origin (`RequestSite`), unless the user allowed that origin;
/// 3. such a request from a browser must carry the form token (`FormTokens`): every POST to the web
///    pages, and any API call that comes with this server's browser cookie. An API client that presents
///    the access token as `Authorization: Bearer` is not a browser form and needs no form token.
/// Reads from other origins stay possible (a link to a question works), but are never recorded in the
/// history, and no response lets another origin read it (`AllowedOrigins`).
struct RequestGuard: Sendable {
    let hosts: HostAllowList
    let origins: AllowedOrigins
    let forms: FormTokens

    /// What a request that passed is allowed, for the handlers.
    struct Clearance: Sendable {
        var site: RequestSite
        /// The browser's id: its cookie's, or a new one a page's response must set (empty for an API
        /// request without the cookie: the API renders no forms).
        var browserID: String
        var isNewBrowser: Bool
        /// Reads from another origin are answered but leave no trace in the history, nor in the library's
        /// kept work (`ManualLibrary.ask`'s `keep`).
        var mayRecord: Bool { !site.isCrossSite }
    }

    /// Why a request was refused: a status, a stable code and one line.
    func check(_ request: Request, query: [String: String], bearerAdmitted: Bool) -> Result<Clearance, HTTPProblem> {
        let host = request.head.authority
        guard hosts.admits(host) else {
            return .failure(HTTPProblem(
                status: .misdirectedRequest, code: "host_not_allowed",
                message: "this server does not answer for the host '\((host ?? "").prefix(100))'; start it with --allowed-host NAME to allow that name"))
        }
        let site = RequestSite.of(origin: request.headers[.origin], fetchSite: request.headers[RequestGuard.secFetchSite],
                                  referer: request.headers[.referer], host: host, allowedOrigins: origins.origins)
        let existing = FormTokens.browserID(request)
        let isAPI = request.uri.path.hasPrefix("/api/")
        let clearance = Clearance(site: site, browserID: existing ?? (isAPI ? "" : FormTokens.randomHex()),
                                  isNewBrowser: existing == nil && !isAPI)
        guard RequestGuard.changes(request.method) else { return .success(clearance) }
        if case .crossSite(let evidence) = site {
            return .failure(HTTPProblem(status: .forbidden, code: "cross_site_request",
                                        message: "refused: the request comes from another website (\(evidence))"))
        }
        let fromBrowser = !isAPI || existing != nil
        if fromBrowser && !bearerAdmitted && !forms.admits(request, browserID: existing, query: query) {
            return .failure(HTTPProblem(status: .forbidden, code: "form_token",
                                        message: "refused: the form did not come from this server's current page; reload the page and try again"))
        }
        return .success(clearance)
    }

    /// Methods that can change the library or the history.
    static func changes(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
