/// Left-aligned columns that fit an 80-column terminal by shortening one flexible column.
enum TextTable {
    static func render(header: [String], rows: [[String]], flexibleColumn: Int, width: Int = 80) -> String {
        let all = [header] + rows
        // Columns are counted in terminal columns: a CJK title takes two per character.
        var widths = header.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > width {
            widths[flexibleColumn] = max(12, widths[flexibleColumn] - (total - width))
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let fitted = DisplayWidth.of(cell) > widths[column] ? DisplayWidth.prefix(cell, columns: widths[column] - 1) + "…" : cell
                let padding = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(fitted)))
                return column == row.count - 1 ? fitted : fitted + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
