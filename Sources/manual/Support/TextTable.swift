/// Left-aligned columns that fit an 80-column terminal by shortening one flexible column.
enum TextTable {
    static func render(header: [String], rows: [[String]], flexibleColumn: Int, width: Int = 80) -> String {
        let all = [header] + rows
        var widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > width {
            widths[flexibleColumn] = max(12, widths[flexibleColumn] - (total - width))
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let fitted = cell.count > widths[column] ? String(cell.prefix(widths[column] - 1)) + "…" : cell
                return column == row.count - 1 ? fitted : fitted.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
