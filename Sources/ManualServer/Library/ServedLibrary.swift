import Foundation
import ManualKit

/// Everything a request may use: read connections, the writer, the page renderer and its cache, the
/// uploads folder and the server's settings. Built once when the server starts.
final class ServedLibrary: Sendable {
    let configuration: ServerConfiguration
    let readers: ReaderPool
    let writer: Writer
    let renderer: PageRenderer
    let pageCache: PageImageCache
    let uploads: UploadStore
    let incoming: UploadReceiver

    init(_ configuration: ServerConfiguration) throws {
        self.configuration = configuration
        // The library must exist (only `manual ingest` creates one); opening the writer first migrates it
        // before the readers open it.
        writer = try Writer(path: configuration.libraryPath, pipeline: configuration.pipeline,
                            lowerPriority: configuration.lowersUploadPriority)
        readers = try ReaderPool(path: configuration.libraryPath, pipeline: configuration.pipeline, count: configuration.readers)
        renderer = PageRenderer(settings: configuration.pipeline.extraction, concurrency: configuration.renderers)
        let files = configuration.filesFolder
        do {
            pageCache = try PageImageCache(folder: files + "/pages", limit: configuration.pageCacheBytes)
        } catch {
            throw ServerError.filesFolder(path: files, reason: (error as NSError).localizedDescription)
        }
        uploads = UploadStore(folder: files + "/uploads")
        incoming = UploadReceiver(folder: files + "/incoming", limit: configuration.uploadLimit)
    }

    /// The PNG of a page, from the cache or drawn by a worker.
    func pageImage(documentID: Int64, _ request: PageImageRequest) async throws -> [UInt8] {
        let document = try await readers.read { library in
            try PageImages(store: library.store, renderer: self.renderer).source(documentID: documentID, page: request.page)
        }
        let key = PageImageCache.key(documentSHA256: document.sha256, request)
        if let cached = pageCache.get(key) { return cached }
        let png = try await Blocking.run { [renderer] in try renderer.png(path: document.sourcePath, request) }
        pageCache.put(key, png)
        return png
    }

    /// Ingests an upload through the same path as `manual ingest`, on the writer.
    func ingest(_ upload: UploadedPDF) async throws -> IngestReport {
        do {
            return try await writer.write { library in try library.ingest(upload.path, options: upload.options) }
        } catch {
            if upload.isNew { uploads.discard(upload.path) }
            // The CLI's line names the file as given; here that is the server's own copy under
            // LIBRARY.files/uploads/SHA/, which means nothing to the person uploading it.
            var problem = HTTPProblem(error)
            problem.message = problem.message.replacingOccurrences(of: upload.path, with: (upload.path as NSString).lastPathComponent)
            throw problem
        }
    }

    /// Removes a document, and its uploaded PDF when the server kept it and no other document uses it.
    func remove(documentID: Int64) async throws -> DocumentRecord {
        try await writer.write { [uploads] library in
            guard let document = try library.store.document(id: documentID) else { throw StoreError.documentNotFound("#\(documentID)") }
            try library.store.remove(documentID: documentID)
            if try library.store.documents(sourcePath: document.sourcePath).isEmpty { uploads.discard(document.sourcePath) }
            return document
        }
    }

    /// Rates a past answer; anything but "helpful" or "unhelpful" is a 400.
    func rate(queryID: Int64, _ rating: String?) async throws {
        guard let rating, ["helpful", "unhelpful"].contains(rating) else {
            throw HTTPProblem(status: .badRequest, code: "bad_rating", message: "the rating must be 'helpful' or 'unhelpful'")
        }
        try await writer.write { try $0.store.rate(queryID: queryID, rating: rating) }
    }

    func readOnlyRefusal() -> HTTPProblem {
        HTTPProblem(status: .forbidden, code: "read_only", message: "this server was started with --read-only: no uploads or removals")
    }
}
