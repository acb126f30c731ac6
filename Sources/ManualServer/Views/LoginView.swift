import Foundation

/// Asks once for the access token of a server that is reachable beyond this machine.
enum LoginView {
    static func render(next: String, failed: Bool, formToken: String) -> String {
        let body = """
            <h1>Access token</h1>
            <p>This library is served beyond this machine; give the token it was started with.</p>
            \(failed ? "<p class=\"error\" role=\"alert\">That token is not right.</p>" : "")
            <form method="post" action="\(HTML.escape(HTML.formAction("/login", token: formToken)))">
            <input type="hidden" name="next" value="\(HTML.escape(next))">
            <p><label for="token">Token</label><br><input id="token" name="token" type="password" autocomplete="current-password" required></p>
            <p><button type="submit">Continue</button></p>
            </form>
            """
        return Layout.page(title: "Access token", section: .none, body: body, formToken: formToken)
    }
}
