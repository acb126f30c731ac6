/// Copies a library into an empty one of either kind (`manual migrate`, and `backup` of a PostgreSQL
/// library): every row of `LibraryTables` with its id, read from one snapshot and written in one
/// transaction, so the copy answers every question byte for byte as the original and a copy that fails
/// leaves the destination as it was. The destination rebuilds its own keyword index from the chunks.
public enum LibraryCopier {
    public struct Result: Sendable, Equatable {
        public var documents: Int
        public var chunks: Int
        public var queries: Int
    }

    @discardableResult
    public static func copy(from source: any Store, to destination: any Store) throws -> Result {
        guard let reader = source as? RowCopying, let writer = destination as? RowCopying else {
            throw StoreError.cannotCreate(path: destination.path, reason: "this store cannot be copied row by row")
        }
        guard try destination.documents().isEmpty, try destination.queries(limit: 1).isEmpty else {
            throw StoreError.cannotCreate(path: destination.path,
                                          reason: "it already holds a library; migrate writes only into an empty one")
        }
        var result = Result(documents: 0, chunks: 0, queries: 0)
        try source.reading {
            try writer.importing(libraryID: try source.libraryID()) { () throws(StoreError) in
                for document in try reader.exportRows(of: LibraryTables.documents, documentID: nil) {
                    guard case .integer(let id) = document[0] else { continue }
                    try writer.importRows([document], into: LibraryTables.documents)
                    for table in LibraryTables.all where table.perDocument && table.name != LibraryTables.documents.name {
                        let rows = try reader.exportRows(of: table, documentID: id)
                        try writer.importRows(rows, into: table)
                        if table.name == LibraryTables.chunks.name { result.chunks += rows.count }
                    }
                    result.documents += 1
                }
                for table in LibraryTables.all where !table.perDocument {
                    let rows = try reader.exportRows(of: table, documentID: nil)
                    try writer.importRows(rows, into: table)
                    if table.name == LibraryTables.queries.name { result.queries = rows.count }
                }
            }
        }
        return result
    }
}
