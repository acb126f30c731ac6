import Foundation

/// Escaping for text placed in HTML: everything from the library or the request goes through here.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A value for a URL's query string.
    static func query(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// A form's action with the form token (`FormTokens`) in its query, where the server checks it
    /// before the route runs, also for an upload whose body is written to disk as it arrives.
    static func formAction(_ path: String, token: String) -> String {
        path + (path.contains("?") ? "&" : "?") + "csrf=" + query(token)
    }

    /// The viewer's address for a page, with the words to mark on it.
    static func pageLink(document: Int64, page: Int, highlight: String? = nil) -> String {
        "/documents/\(document)/pages/\(page)" + (highlight.map { "?highlight=" + query($0) } ?? "")
    }
}
