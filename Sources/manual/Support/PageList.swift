/// Compact page lists for people: [1, 2, 3, 7] -> "pp. 1-3, 7".
enum PageList {
    static func describe(_ pages: [Int], limit: Int = 12) -> String {
        let sorted = Array(Set(pages)).sorted()
        var ranges: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            ranges.append(end > index ? "\(sorted[index])-\(sorted[end])" : "\(sorted[index])")
            index = end + 1
        }
        let shown = ranges.prefix(limit).joined(separator: ", ")
        let more = ranges.count > limit ? ", ..." : ""
        return (sorted.count == 1 ? "p. " : "pp. ") + shown + more
    }
}
