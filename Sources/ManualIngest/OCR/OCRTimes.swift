import Foundation

/// `MANUAL_OCR_TIMES=FILE`: one line per OCR'd page appended to FILE ("page pixels render_ms layout_ms
/// recognise_ms total_ms"), for docs/performance.md's account of where OCR's time goes.
enum OCRTimes {
    private static let fd: Int32 = {
        guard let path = ProcessInfo.processInfo.environment["MANUAL_OCR_TIMES"], !path.isEmpty else { return -1 }
        return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    }()

    static func record(page: Int, pixels: Int, render: UInt64, layout: UInt64, total: UInt64) {
        guard fd >= 0 else { return }
        let ms = { (ns: UInt64) in String(format: "%.0f", Double(ns) / 1e6) }
        let line = "\(page) \(pixels) \(ms(render)) \(ms(layout)) \(ms(total - render - layout)) \(ms(total))\n"
        // One write with O_APPEND: lines from two threads never interleave.
        _ = line.withCString { write(fd, $0, strlen($0)) }
    }
}
