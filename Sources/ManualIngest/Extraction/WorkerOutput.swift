import Foundation
import ManualIndex

/// The worker's stdout: frames are written whole under one lock, because a heartbeat thread writes
/// too. While a page is being recognised (`OCRActivity`), the heartbeat sends a `busy` frame every
/// `heartbeatSeconds`; the parent then waits for the page up to `WorkerOutput.ocrPageBudget` instead
/// of the page timeout. Without OCR no heartbeat is sent, so a page that hangs poppler is still killed
/// after the page timeout.
final class WorkerOutput: Sendable {
    static let heartbeatSeconds = 0.05
    /// The longest an OCR'd page may take (unless the page timeout is longer): a dense letter page at
    /// 300 dpi takes a few seconds on a busy core; a Tesseract that loops is still stopped.
    static let ocrPageBudget = 120.0

    private let fd: Int32
    private let lock = NSLock()

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes one whole frame; false when the parent is gone.
    func write(_ kind: FrameKind, _ record: ScratchRecord) -> Bool {
        lock.withLock { FrameIO.write(kind, record, to: fd) }
    }

    /// Starts the heartbeat thread; it lives as long as the worker process.
    func startHeartbeat() {
        Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: WorkerOutput.heartbeatSeconds)
                if OCRActivity.shared.isActive && !write(.busy, ScratchRecord()) { return }
            }
        }.start()
    }
}
