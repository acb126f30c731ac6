import Foundation

/// Why a page could not be drawn.
public enum PageImageError: Error, Sendable {
    /// The PDF itself: missing, damaged, encrypted.
    case document(IngestError)
    /// A page number outside the document.
    case noSuchPage(documentID: Int64, page: Int, pageCount: Int)
    /// The PDF a document was ingested from is gone, or holds other bytes now: its pages would not match
    /// the stored text.
    case sourceMissing(path: String)
    case sourceChanged(path: String)
    /// Drawing took longer than the page budget, or the worker died on it.
    case renderFailed(path: String, page: Int, reason: String)
}

/// Draws pages as PNG for people to look at the page a citation points to (`manual page`, `manual
/// serve`). In worker mode poppler runs in `manual _extract` processes under the same time and memory
/// budgets as extraction: a page that never finishes drawing costs that request, never the server. At
/// most `concurrency` pages are drawn at once; further requests wait their turn.
public final class PageRenderer: Sendable {
    public let settings: ExtractionSettings
    private let slots: DispatchSemaphore

    public init(settings: ExtractionSettings, concurrency: Int = 2) {
        self.settings = settings
        slots = DispatchSemaphore(value: max(1, concurrency))
    }

    /// The PNG bytes of `request.page` of the PDF at `path`.
    public func png(path: String, password: String? = nil, _ request: PageImageRequest) throws(PageImageError) -> [UInt8] {
        slots.wait()
        defer { slots.signal() }
        switch settings.mode {
        case .inProcess:
            return try PageRenderer.inProcess(path: path, password: password, request)
        case .workers(let executable):
            return try inWorker(executable: executable, RenderRequest(path: path, password: password,
                                                                      memoryBytes: settings.workerMemoryBytes, image: request))
        }
    }

    private static func inProcess(path: String, password: String?, _ request: PageImageRequest) throws(PageImageError) -> [UInt8] {
        do throws(IngestError) {
            return try PDFDocument(source: try SourceFile.read(path), path: path, password: password).png(request)
        } catch {
            throw .document(error)
        }
    }

    private func inWorker(executable: String, _ request: RenderRequest) throws(PageImageError) -> [UInt8] {
        let page = request.image.page
        let worker: Worker
        if let idle = WorkerPool.shared.take(executable: executable, memoryBytes: request.memoryBytes),
           idle.send(.render, request.record()) {
            worker = idle
        } else {
            do throws(IngestError) {
                worker = try Worker(executable: executable, memoryBytes: request.memoryBytes, path: request.path)
            } catch {
                throw .document(error)
            }
            guard worker.send(.render, request.record()) else {
                throw .renderFailed(path: request.path, page: page, reason: "the PDF reader \(worker.finish())")
            }
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0.05, settings.pageTimeout) * 1e9)
        var answer = worker.next(deadline: deadline, stop: settings.shouldStop)
        // A heartbeat of OCR work is never the answer to a drawing: read on to the next frame.
        while case .frame(let frame) = answer, frame.kind == .busy {
            answer = worker.next(deadline: deadline, stop: settings.shouldStop)
        }
        switch answer {
        case .frame(var frame) where frame.kind == .image:
            WorkerPool.shared.put(worker)
            return frame.payload.byteArray()
        case .frame(var frame) where frame.kind == .failure:
            WorkerPool.shared.put(worker)
            throw .document(frame.payload.ingestError(path: request.path))
        case .timedOut:
            worker.kill()
            throw .renderFailed(path: request.path, page: page,
                                reason: "drawing it took longer than \(ExtractionSettings.seconds(settings.pageTimeout))")
        case .stopped:
            worker.kill()
            throw .renderFailed(path: request.path, page: page, reason: "stopped")
        default:
            throw .renderFailed(path: request.path, page: page, reason: "the PDF reader \(worker.finish())")
        }
    }
}
