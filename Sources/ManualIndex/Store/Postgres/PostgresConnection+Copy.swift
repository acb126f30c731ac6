import CPostgres
import Foundation

extension PostgresConnection {
    /// Writes `rows` into `table` (`columns`, each row as wide as the list) with one `COPY … FROM STDIN` in
    /// PostgreSQL's text format: one statement and a stream of data, where multi-row INSERTs of at most 200
    /// rows were one statement, and parameters to bind and parse, each.
    ///
    /// Each value goes through its column type's input function as a text parameter would (bytea in its hex
    /// form), so what is stored is what the INSERT stored, byte for byte. On an error the server rejects
    /// the whole COPY and the enclosing transaction is rolled back as for any failed statement.
    ///
    /// `freeze`: the rows go in frozen and visible to all (`COPY … FREEZE`), for a table emptied by TRUNCATE
    /// in the same transaction; the VACUUM that follows a migration then has nothing left to do on it.
    func copy(_ rows: [[SQLiteValue]], into table: String, columns: String, freeze: Bool = false) throws(StoreError) {
        guard !rows.isEmpty else { return }
        finishPending()
        let started = manual_PQexec(connection, "COPY \(table) (\(columns)) FROM STDIN\(freeze ? " (FREEZE)" : "")")
        guard let started else { throw PostgresConnection.lost(connection, location: location) }
        // PGRES_COPY_IN; anything else is an error (or a result `check` reads as one).
        guard manual_PQresultStatus(started) == 4 else { _ = try check(started); return }
        manual_PQclear(started)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        var sent = true
        for row in rows {
            for (index, value) in row.enumerated() {
                if index > 0 { buffer.append(9) }
                PostgresConnection.appendCopyText(value, to: &buffer)
            }
            buffer.append(10)
            if buffer.count >= 1 << 20 {
                sent = sent && send(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        sent = sent && send(buffer)
        guard sent, manual_PQputCopyEnd(connection, nil) == 1 else {
            throw PostgresConnection.lost(connection, location: location)
        }
        // The COPY's own result, then NULL: every result is read before the connection takes a statement.
        let finished = manual_PQgetResult(connection)
        while let more = manual_PQgetResult(connection) { manual_PQclear(more) }
        _ = try check(finished)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        bytes.isEmpty || bytes.withUnsafeBytes { raw in
            manual_PQputCopyData(connection, raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count)) == 1
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// One value in COPY's text format: `\N` for NULL; text with its backslash, tab, newline and carriage
    /// return escaped (and NUL dropped, as `query` drops it: PostgreSQL's text cannot hold it); a blob as
    /// bytea's hex input `\x…`, its backslash escaped for COPY.
    static func appendCopyText(_ value: SQLiteValue, to buffer: inout [UInt8]) {
        switch value {
        case .null:
            buffer.append(contentsOf: [92, 78])
        case .integer(let number):
            buffer.append(contentsOf: String(number).utf8)
        case .real(let number):
            buffer.append(contentsOf: text(number).utf8)
        case .text(let text):
            for byte in text.utf8 {
                switch byte {
                case 0: continue
                case 92: buffer.append(contentsOf: [92, 92])
                case 9: buffer.append(contentsOf: [92, 116])
                case 10: buffer.append(contentsOf: [92, 110])
                case 13: buffer.append(contentsOf: [92, 114])
                default: buffer.append(byte)
                }
            }
        case .blob(let bytes):
            buffer.append(contentsOf: [92, 92, 120])
            for byte in bytes {
                buffer.append(hexDigits[Int(byte >> 4)])
                buffer.append(hexDigits[Int(byte & 15)])
            }
        }
    }
}
