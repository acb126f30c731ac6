import Foundation
import Hummingbird
import ManualKit

/// The JSON API (docs/openapi.json). Each route answers with what the matching CLI command prints with
/// `--json`, built by the same ManualKit code.
enum APIRoutes {
    /// Method and path of every API route, in the order they are matched; the OpenAPI file lists the
    /// same (a test keeps the two in step).
    static func routes(_ served: ServedLibrary) -> [(route: Route, handler: Handler)] {
        [
            (Route("GET", "/api/query"), { try await query($0, served) }),
            (Route("GET", "/api/documents"), { _ in try await documents(served) }),
            (Route("POST", "/api/documents"), { try await upload($0, served) }),
            (Route("GET", "/api/documents/{id}"), { try await document($0, served) }),
            (Route("DELETE", "/api/documents/{id}"), { try await remove($0, served) }),
            (Route("GET", "/api/documents/{id}/chunks"), { try await chunks($0, served) }),
            (Route("GET", "/api/documents/{id}/pages/{page}.png"), { try await pageImage($0, served) }),
            (Route("GET", "/api/find"), { try await find($0, served) }),
            (Route("GET", "/api/status"), { _ in try await status(served) }),
            (Route("GET", "/api/history"), { try await history($0, served) }),
            (Route("POST", "/api/history/{queryID}/rating"), { try await rate($0, served) }),
        ]
    }

    /// `manual query --json`: the same question settings, the same object, the same bytes.
    static func query(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let question = try input.requiredText("q")
        let topK = try input.integer("top_k", in: 1...100) ?? RetrievalSettings().topK
        let page = try input.integer("page", in: 1...1_000_000)
        let doc = try input.integer("doc", in: 1...Int(Int32.max)).map(Int64.init)
        let filter = SearchFilter(documentID: doc, page: page, section: input.text("section"))
        let result = try await served.readers.read { library in
            try library.ask(question, filter: filter, retrieval: RetrievalSettings(topK: topK),
                            record: input.clearance.mayRecord, keep: input.clearance.mayRecord)
        }
        return JSONResponse.make(QueryOutput(result))
    }

    static func documents(_ served: ServedLibrary) async throws -> Response {
        JSONResponse.make(try await served.readers.read { try $0.store.documents() })
    }

    static func document(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("id")
        return JSONResponse.make(try await served.readers.read {
            try DocumentDetails(store: $0.store, id: id, withOutline: true, withSource: true)
        })
    }

    static func chunks(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("id")
        let page = try input.integer("page", in: 1...1_000_000)
        return JSONResponse.make(try await served.readers.read { library -> [ChunkSummary] in
            try SearchFilter(documentID: id, page: page).check(against: library.store)
            return try library.store.chunks(documentID: id, page: page).map { ChunkSummary($0.chunk) }
        })
    }

    static func pageImage(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("id")
        let page = Int(try input.pathNumber("page"))
        let width = try input.integer("width", in: 1...100_000) ?? PageImageRequest.defaultWidth
        let png = try await served.pageImage(documentID: id, PageImageRequest(page: page, width: width, highlight: input.text("highlight")))
        return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=3600"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    static func find(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let phrase = try input.requiredText("phrase")
        let doc = try input.integer("doc", in: 1...Int(Int32.max)).map(Int64.init)
        return JSONResponse.make(try await served.readers.read { try $0.find(phrase, documentID: doc) })
    }

    static func status(_ served: ServedLibrary) async throws -> Response {
        JSONResponse.make(try await served.readers.read { try LibraryStatus(store: $0.store, pipeline: $0.pipeline) })
    }

    static func history(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let limit = try input.integer("limit", in: 1...1000) ?? 50
        let doc = try input.integer("doc", in: 1...Int(Int32.max)).map(Int64.init)
        return JSONResponse.make(try await served.readers.read { try $0.store.queries(documentID: doc, limit: limit) })
    }

    /// Body `{"rating": "helpful"}` (or `unhelpful`), or the same as a form field or query parameter.
    static func rate(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        let id = try input.pathNumber("queryID")
        let body = try await input.request.body.collect(upTo: 4096)
        let text = String(buffer: body)
        var rating = input.text("rating")
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            rating = object["rating"] as? String ?? rating
        } else if let field = FormFields(text)["rating"] {
            rating = field
        }
        try await served.rate(queryID: id, rating)
        return JSONResponse.make(RatingBody(queryID: id, rating: rating ?? ""))
    }

    /// `POST /api/documents`: answers like `manual ingest --json` (201 added, 200 replaced or unchanged).
    static func upload(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        guard !served.configuration.readOnly else { throw served.readOnlyRefusal() }
        let (upload, report) = try await receiveAndIngest(input, served)
        let line = DocumentLine(file: (upload.path as NSString).lastPathComponent, report: report)
        return JSONResponse.make(line, status: report.outcome == .added ? .created : .ok)
    }

    static func receiveAndIngest(_ input: RequestInput, _ served: ServedLibrary) async throws -> (UploadedPDF, IngestReport) {
        let bodyPath = try await served.incoming.receive(input.request)
        defer { unlink(bodyPath) }
        let contentType = input.request.headers[.contentType] ?? ""
        let query = input.query
        let upload = try await Blocking.run { [uploads = served.uploads] in
            try uploads.store(bodyPath: bodyPath, contentType: contentType, query: query)
        }
        return (upload, try await served.ingest(upload))
    }

    static func remove(_ input: RequestInput, _ served: ServedLibrary) async throws -> Response {
        guard !served.configuration.readOnly else { throw served.readOnlyRefusal() }
        let id = try input.pathNumber("id")
        let removed = try await served.remove(documentID: id)
        return JSONResponse.make(RemovedBody(removed: removed.id, title: removed.title))
    }

    private struct RatingBody: Encodable {
        var queryID: Int64
        var rating: String
    }

    private struct RemovedBody: Encodable {
        var removed: Int64
        var title: String
    }
}

/// `application/x-www-form-urlencoded` fields, as a browser posts a plain form.
struct FormFields {
    private var values: [String: String] = [:]

    init(_ body: String) {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let key = parts.first, values[key] == nil { values[key] = parts.count > 1 ? parts[1] : "" }
        }
    }

    subscript(key: String) -> String? { values[key] }

    /// Every field (the first value of a repeated one).
    var all: [String: String] { values }
}
