import Foundation
import ManualIndex

/// The worker side of page rendering: keeps the last PDF it opened, since a reader pages through one
/// manual (the next page, the page of the next citation) far more often than it switches manuals.
struct OpenDocumentCache {
    private var key: FileKey?
    private var document: PDFDocument?

    /// A file as it is on disk now: the same path with another size or time is another file.
    private struct FileKey: Equatable {
        var path: String
        var password: String?
        var size: Int
        var modified: Int
    }

    /// Answers one render request with an `image` frame or a `failure`; false when the parent has gone.
    mutating func serve(_ request: RenderRequest, to output: WorkerOutput) -> Bool {
        do throws(IngestError) {
            let pdf = try open(request)
            #if DEBUG
            WorkerFault.inject(at: request.image.page)
            #endif
            var record = ScratchRecord()
            record.put(bytes: try pdf.png(request.image))
            return output.write(.image, record)
        } catch {
            var record = ScratchRecord()
            record.put(error)
            return output.write(.failure, record)
        }
    }

    private mutating func open(_ request: RenderRequest) throws(IngestError) -> PDFDocument {
        var info = stat()
        guard stat(request.path, &info) == 0 else { throw .fileNotFound(path: request.path) }
        let current = FileKey(path: request.path, password: request.password, size: Int(info.st_size),
                              modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
        if current == key, let document { return document }
        document = nil
        let source = try SourceFile.read(request.path)
        let opened = try PDFDocument(source: source, path: request.path, password: request.password)
        key = current
        document = opened
        return opened
    }
}
