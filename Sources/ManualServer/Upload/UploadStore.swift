import Foundation
import Hummingbird
import ManualKit

/// An uploaded PDF kept beside the library (`LIBRARY.files/uploads/SHA/NAME.pdf`), the file a document
/// added through the server is ingested from and its pages are drawn from, as a path is for `manual
/// ingest`.
struct UploadedPDF: Sendable {
    var path: String
    var options: IngestOptions
    /// Whether this upload made the file (so a failed ingest removes it again).
    var isNew: Bool
}

struct UploadStore {
    let folder: String

    /// Takes the PDF and its details out of a received body: a `multipart/form-data` form with a `file`
    /// part and optional `title`, `make`, `model`, `year` fields, or a bare `application/pdf` body with
    /// those as query parameters.
    func store(bodyPath: String, contentType: String, query: [String: String]) throws -> UploadedPDF {
        let body = try Data(contentsOf: URL(fileURLWithPath: bodyPath), options: .alwaysMapped)
        var fields = query
        let pdf: Data, name: String
        if contentType.lowercased().hasPrefix("multipart/") {
            guard let form = MultipartForm(body: body, contentType: contentType) else {
                throw HTTPProblem(status: .badRequest, code: "bad_form", message: "the upload is not a readable multipart/form-data form")
            }
            guard let file = form.file else {
                throw HTTPProblem(status: .badRequest, code: "no_file", message: "the form has no PDF in a field named 'file'")
            }
            fields.merge(form.fields) { _, form in form }
            pdf = body.subdata(in: file.range)
            name = file.name
        } else if contentType.isEmpty || contentType.lowercased().hasPrefix("application/pdf")
                    || contentType.lowercased().hasPrefix("application/octet-stream") {
            pdf = body
            name = query["filename"] ?? "upload.pdf"
        } else {
            throw HTTPProblem(status: .unsupportedMediaType, code: "unsupported_media_type",
                              message: "send the PDF as multipart/form-data (field 'file') or as application/pdf")
        }
        let options = try UploadStore.options(fields)
        var kept = try keep(pdf, name: UploadStore.safeName(name))
        kept.options = options
        return kept
    }

    /// Writes the PDF under a folder named by its sha256, so the same bytes uploaded twice are one file.
    private func keep(_ pdf: Data, name: String) throws -> UploadedPDF {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let incoming = folder + "/incoming-\(UUID().uuidString).pdf"
        guard FileManager.default.createFile(atPath: incoming, contents: pdf, attributes: [.posixPermissions: 0o600]) else {
            throw HTTPProblem(status: .insufficientStorageOrServerError, code: "disk_full", message: "cannot store the upload beside the library")
        }
        let digest = (try? SourceFile.read(incoming).sha256) ?? UUID().uuidString.lowercased()
        let home = folder + "/" + String(digest.prefix(16))
        let path = home + "/" + name
        if FileManager.default.fileExists(atPath: path) {
            unlink(incoming)
            return UploadedPDF(path: path, options: IngestOptions(), isNew: false)
        }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        guard rename(incoming, path) == 0 else {
            unlink(incoming)
            throw HTTPProblem(status: .insufficientStorageOrServerError, code: "cannot_store",
                              message: "cannot store the upload (\(String(cString: strerror(errno))))")
        }
        return UploadedPDF(path: path, options: IngestOptions(), isNew: true)
    }

    /// Title and product from the form; a year that is not a year is a 400.
    static func options(_ fields: [String: String]) throws -> IngestOptions {
        func field(_ key: String) -> String? {
            let value = fields[key]?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        var year: Int?
        if let text = field("year") {
            guard let value = Int(text), (1800...3000).contains(value) else {
                throw HTTPProblem(status: .badRequest, code: "bad_parameter", message: "'year' must be a year such as 2024, not '\(text.prefix(20))'")
            }
            year = value
        }
        return IngestOptions(title: field("title"), product: Product(make: field("make"), model: field("model"), year: year),
                             password: field("password"))
    }

    /// The uploaded file's own name, kept readable but safe as one path component.
    static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var kept = String(last.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || " ._-()".unicodeScalars.contains($0) }
            .map(Character.init)).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        kept = String(kept.prefix(120))
        if kept.isEmpty { kept = "upload" }
        return kept.lowercased().hasSuffix(".pdf") ? kept : kept + ".pdf"
    }

    /// Removes an uploaded file no document uses any more (and its folder when empty).
    func discard(_ path: String) {
        guard path.hasPrefix(folder + "/") else { return }
        unlink(path)
        rmdir((path as NSString).deletingLastPathComponent)
    }
}
