import Foundation

/// A `multipart/form-data` body read from a file: the text fields, and where the one file part lies in
/// it (so a 200 MB PDF is copied out of the mapped file, never parsed into memory).
struct MultipartForm {
    var fields: [String: String] = [:]
    var file: (name: String, range: Range<Int>)?

    /// Parses `body` with the boundary from `contentType`; nil when it is not a multipart form.
    init?(body: Data, contentType: String) {
        guard contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundaryValue = MultipartForm.parameter("boundary", in: contentType), !boundaryValue.isEmpty else { return nil }
        let delimiter = Data(("--" + boundaryValue).utf8)
        let lineBreak = Data("\r\n".utf8), headerEnd = Data("\r\n\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else { return nil }
        while cursor < body.endIndex {
            // After a delimiter: "--" ends the form, a line break starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard body[cursor...].starts(with: lineBreak),
                  let headersEnd = body.range(of: headerEnd, in: cursor..<body.endIndex) else { return nil }
            let headers = String(decoding: body[(cursor + 2)..<headersEnd.lowerBound], as: UTF8.self)
            let contentStart = headersEnd.upperBound
            guard let next = body.range(of: lineBreak + delimiter, in: contentStart..<body.endIndex) else { return nil }
            let disposition = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-disposition:") }
                .map(String.init) ?? ""
            if let name = MultipartForm.parameter("name", in: disposition) {
                if let fileName = MultipartForm.parameter("filename", in: disposition) {
                    if file == nil, name == "file" { file = (fileName, contentStart..<next.lowerBound) }
                } else {
                    fields[name] = String(decoding: body[contentStart..<next.lowerBound], as: UTF8.self)
                }
            }
            cursor = next.upperBound
        }
    }

    /// `key=value` or `key="value"` from a header value such as `form-data; name="file"; filename="a.pdf"`.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == key else { continue }
            var value = String(pair[pair.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}
