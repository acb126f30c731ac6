/// Rows in and out of an SQLite library, for `LibraryCopier`.
extension SQLiteStore: RowCopying {
    func exportRows(of table: LibraryTables.Table, documentID: Int64?) throws(StoreError) -> [[SQLiteValue]] {
        let condition = documentID == nil ? "" : " WHERE " + table.documentCondition("?1")
        return try statement("SELECT \(table.columnList) FROM \(table.name)\(condition) ORDER BY \(LibraryTables.order(of: table))")
            .rows(documentID.map { [.integer($0)] } ?? []) { row in
                table.columns.enumerated().map { index, spec in
                    let column = Int32(index)
                    if row.isNull(column) { return .null }
                    switch spec.kind {
                    case .integer: return .integer(row.int(column))
                    case .real: return .real(row.double(column))
                    case .text: return .text(row.text(column) ?? "")
                    case .blob: return .blob(row.blob(column))
                    }
                }
            }
    }

    /// Row by row: the chunks' trigger writes the full-text index as they go in.
    func importRows(_ rows: [[SQLiteValue]], into table: LibraryTables.Table) throws(StoreError) {
        guard !rows.isEmpty else { return }
        let insert = try statement("""
            INSERT INTO \(table.name) (\(table.columnList)) VALUES (\(table.columns.map { _ in "?" }.joined(separator: ", ")))
            """)
        for row in rows { try insert.run(row) }
    }

    func importing(libraryID: Int64, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        try write {
            try body()
            try statement("UPDATE library_state SET value = ? WHERE key = 'library_id'").run([.integer(libraryID)])
        }
    }
}
