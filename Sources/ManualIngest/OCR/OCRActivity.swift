import Foundation
import ManualIndex

/// How many threads of this process are recognising a page right now: the extraction worker's heartbeat
/// (`WorkerOutput`) tells its parent while any is, so an OCR'd page is held to the OCR budget rather
/// than to the page timeout meant for poppler.
final class OCRActivity: Sendable {
    static let shared = OCRActivity()
    private let count = Locked(0)

    var isActive: Bool { count.withLock { $0 > 0 } }

    /// Runs `body` counted as recognising.
    func recognising<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        count.withLock { $0 += 1 }
        defer { count.withLock { $0 -= 1 } }
        return try body()
    }
}
