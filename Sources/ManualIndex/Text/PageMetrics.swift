/// What ordinary text looks like on one page: its font size, margins and line length.
struct PageMetrics: Sendable, Equatable {
    /// Most common font size by characters, 0 without layout.
    var bodyFontSize: Double
    var textLeft: Double
    /// Right edge that full lines reach (a high percentile, so one wide figure label does not count).
    var textRight: Double
    /// Characters in a full line, for pages without layout.
    var fullLineLength: Int

    init(lines: some Collection<LayoutLine>) {
        let bodySize = PageMetrics.dominantFontSize(lines)
        bodyFontSize = bodySize
        let body = lines.filter { bodySize == 0 || abs($0.fontSize - bodySize) < 0.6 }
        textLeft = body.map(\.left).min() ?? 0
        textRight = PageMetrics.percentile(body.map(\.right), 0.9)
        fullLineLength = Int(PageMetrics.percentile(lines.map { Double($0.text.scalarCount) }, 0.9))
    }

    /// Whether `line` stops well before the right margin, as the last line of a paragraph does.
    func isShort(_ line: LayoutLine) -> Bool {
        if line.hasGeometry && textRight > textLeft {
            return line.right - textLeft < 0.7 * (textRight - textLeft)
        }
        guard fullLineLength >= 30 else { return false }
        return Double(line.text.scalarCount) < 0.7 * Double(fullLineLength)
    }

    /// Sets `isShort` on every line of one page.
    static func markShortLines(_ lines: inout ArraySlice<LayoutLine>) {
        let metrics = PageMetrics(lines: lines)
        for i in lines.indices { lines[i].isShort = metrics.isShort(lines[i]) }
    }

    /// The font size carrying the most characters; ties go to the smaller size (body text is small).
    static func dominantFontSize(_ lines: some Sequence<LayoutLine>) -> Double {
        var weight: [Double: Int] = [:]
        for line in lines where line.fontSize > 0 {
            weight[(line.fontSize * 2).rounded() / 2, default: 0] += line.text.scalarCount
        }
        return weight.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? 0
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
