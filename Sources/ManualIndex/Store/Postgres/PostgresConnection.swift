import CPostgres
import Foundation

/// One libpq connection: the only place that calls libpq (`CPostgres`), as `SQLiteDatabase` is for SQLite.
///
/// Synchronous like the `Store` it serves, and owned by one store, so by one thread at a time. Every
/// connection turns JIT off (it added half a second to a keyword query: research/postgres-scale-out.md §4)
/// and bounds each statement (`statementTimeoutMilliseconds`), so a stuck server ends a command instead
/// of hanging it. Parameters go as text (bytea as binary), never spliced into SQL; results come as text,
/// whose float8 form (PostgreSQL 12 on) is the shortest that reads back as the same double.
final class PostgresConnection {
    /// How long one statement may run before the server cancels it: a question reads in milliseconds and a
    /// batch writes a document in a few statements, so a minute means something is stuck.
    static let statementTimeoutMilliseconds = 60_000

    /// The library as messages name it: the URL without its password.
    let location: String
    private let handle: OpaquePointer
    /// Statements prepared on this connection, by SQL.
    private var prepared: [String: String] = [:]
    /// Statements run once, unprepared: a statement is prepared when it runs a second time. Preparing costs
    /// a round trip of its own, which a one-question process (every statement run once) paid for nothing.
    private var seen: Set<String> = []
    /// Whether a command sent by `sendWithoutWaiting` may still have results to read.
    private var pending = false

    /// Connects to `url` (a libpq URI); `location` is what errors name.
    init(url: String, location: String) throws(StoreError) {
        guard manual_pq_load() != 0 else {
            throw .clientLibraryMissing(reason: String(cString: manual_pq_failure()))
        }
        self.location = location
        // Ten seconds to reach the server: an address that swallows packets fails instead of hanging. The
        // settings go in the connection's start-up message, which costs no round trip of its own. work_mem:
        // a keyword query of common terms groups some 70,000 postings of a 1,008-manual library, which the
        // default 4 MB sorted on disk.
        var conninfo = url + (url.contains("?") ? "&" : "?") + "options="
            + "-c%20jit%3Doff%20-c%20statement_timeout%3D\(PostgresConnection.statementTimeoutMilliseconds)"
            + "%20-c%20work_mem%3D32MB%20-c%20client_min_messages%3Dwarning&application_name=manual"
        if !url.contains("connect_timeout=") { conninfo += "&connect_timeout=10" }
        // On this machine, no TLS or GSS negotiation before the login, unless the URL asks for it: libpq's
        // defaults (`prefer`) cost every connection a round trip for the server's "no TLS" (a whole TLS
        // handshake when the server has a certificate, as Debian's clusters do) and a Kerberos credential
        // look-up. `allow` still turns to TLS when the server refuses a plain login (`hostssl` only).
        if PostgresLocation.isLocal(url) {
            if !url.contains("sslmode=") { conninfo += "&sslmode=allow" }
            if !url.contains("gssencmode=") { conninfo += "&gssencmode=disable" }
        }
        guard let connection = manual_PQconnectdb(conninfo) else {
            throw .serverUnreachable(path: location, reason: "out of memory")
        }
        handle = connection
        guard manual_PQstatus(connection) == 0 else {
            // Every stored property is set: `deinit` runs and finishes the connection.
            let message = PostgresConnection.firstLine(String(cString: manual_PQerrorMessage(connection)))
            throw PostgresConnection.connectError(message, location: location)
        }
        manual_PQquiet(connection)
    }

    deinit {
        manual_PQfinish(handle)
    }

    var connection: OpaquePointer { handle }

    /// Whether a transaction is open on this connection (libpq's PQTRANS_INTRANS or _INERROR).
    var inTransaction: Bool {
        finishPending()
        let status = manual_PQtransactionStatus(connection)
        return status == 2 || status == 3
    }

    /// Runs SQL without parameters, possibly several statements (schema, SET, BEGIN), in one round trip;
    /// the rows of the last one.
    @discardableResult
    func execute(_ sql: String) throws(StoreError) -> PostgresRows {
        finishPending()
        let result = manual_PQexec(connection, sql)
        return try check(result)
    }

    /// Sends `sql` and returns without waiting for the server: for the COMMIT of a read-only snapshot, which
    /// has nothing to make durable and whose outcome changes nothing (a lost connection shows in the next
    /// command). A one-question process ends without the round trip; the next command reads the result first.
    func sendWithoutWaiting(_ sql: String) {
        finishPending()
        pending = manual_PQsendQuery(connection, sql) == 1
    }

    /// Reads and drops what the command `sendWithoutWaiting` sent returned.
    func finishPending() {
        guard pending else { return }
        pending = false
        while let result = manual_PQgetResult(connection) { manual_PQclear(result) }
    }

    /// Runs one statement with `values` for $1, $2, …, prepared once per connection, and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [SQLiteValue] = []) throws(StoreError) -> PostgresRows {
        finishPending()
        var name = prepared[sql]
        if name == nil && !seen.insert(sql).inserted {
            let made = "s\(prepared.count)"
            _ = try check(manual_PQprepare(connection, made, sql, Int32(values.count)))
            prepared[sql] = made
            name = made
        }
        var lengths: [Int32] = []
        var formats: [Int32] = []
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { buffers.forEach { free($0) } }
        for value in values {
            switch value {
            case .null:
                buffers.append(nil); lengths.append(0); formats.append(0)
            case .blob(let bytes):
                let copy = malloc(max(bytes.count, 1))!.assumingMemoryBound(to: CChar.self)
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { memcpy(copy, base, bytes.count) }
                }
                buffers.append(copy); lengths.append(Int32(bytes.count)); formats.append(1)
            case .integer(let number):
                buffers.append(strdup(String(number))); lengths.append(0); formats.append(0)
            case .real(let number):
                buffers.append(strdup(PostgresConnection.text(number))); lengths.append(0); formats.append(0)
            case .text(let text):
                // PostgreSQL's text cannot hold NUL: a page that extraction left one in keeps the rest.
                buffers.append(strdup(text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text))
                lengths.append(0); formats.append(0)
            }
        }
        let result = buffers.withUnsafeBufferPointer { pointers in
            pointers.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(pointers.count, 1)) { base in
                guard let name else {
                    return manual_PQexecParams(connection, sql, Int32(values.count), values.isEmpty ? nil : base, lengths, formats, 0)
                }
                return manual_PQexecPrepared(connection, name, Int32(values.count), values.isEmpty ? nil : base,
                                             lengths, formats, 0)
            }
        }
        return try check(result)
    }

    /// A double as PostgreSQL's float8 input reads it back exactly.
    static func text(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// The rows of a finished command, or the error it ended with as a `StoreError`.
    func check(_ result: OpaquePointer?) throws(StoreError) -> PostgresRows {
        guard let result else {
            throw PostgresConnection.lost(connection, location: location)
        }
        let status = manual_PQresultStatus(result)
        // PGRES_COMMAND_OK, PGRES_TUPLES_OK
        if status == 1 || status == 2 { return PostgresRows(result) }
        let state = manual_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = PostgresConnection.firstLine(String(cString: manual_PQresultErrorMessage(result)))
        manual_PQclear(result)
        if manual_PQstatus(connection) != 0 || state.hasPrefix("08") || state.hasPrefix("57P") {
            throw .connectionLost(path: location, reason: message.isEmpty ? "the server closed the connection" : message)
        }
        throw PostgresConnection.error(state: state, message: message, location: location)
    }

    static func lost(_ connection: OpaquePointer, location: String) -> StoreError {
        .connectionLost(path: location, reason: firstLine(String(cString: manual_PQerrorMessage(connection))))
    }

    /// Maps an SQLSTATE to the store error a user can act on.
    static func error(state: String, message: String, location: String) -> StoreError {
        switch state {
        case "53100": return .diskFull(path: location)
        case "25006", "42501": return .readOnly(path: location)
        case "57014", "55P03", "40001", "40P01": return .busy(path: location)
        default: return .postgres(path: location, state: state, message: message)
        }
    }

    /// Why a connection could not be made, from libpq's message (it gives no code for it).
    static func connectError(_ full: String, location: String) -> StoreError {
        // "connection to server at "h", port p failed: FATAL:  why": the address is in the URL already.
        var message = full
        if let failed = message.range(of: " failed: ") { message = String(message[failed.upperBound...]) }
        if message.hasPrefix("FATAL:  ") { message = String(message.dropFirst(8)) }
        if message.contains("authentication failed") || message.contains("no password supplied")
            || (message.contains("role \"") && message.contains("does not exist")) {
            return .authenticationFailed(path: location, reason: message)
        }
        if message.contains("database \"") && message.contains("does not exist") {
            return .noDatabase(path: location, reason: message)
        }
        return .serverUnreachable(path: location, reason: message)
    }

    /// libpq's messages run over several lines (a hint on the next): the first is the problem.
    static func firstLine(_ message: String) -> String {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        let line = trimmed.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? trimmed
        return line.hasPrefix("ERROR:  ") ? String(line.dropFirst(8)) : line
    }
}

/// The rows of one statement's result, read by row and column; the result is freed with this value.
final class PostgresRows {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit {
        manual_PQclear(result)
    }

    private var pointer: OpaquePointer { result }

    var count: Int { Int(manual_PQntuples(pointer)) }

    /// Rows the command changed (`UPDATE`, `DELETE`), 0 for others.
    var changed: Int { Int(String(cString: manual_PQcmdTuples(result))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool { manual_PQgetisnull(pointer, Int32(row), Int32(column)) != 0 }

    func text(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(cString: manual_PQgetvalue(pointer, Int32(row), Int32(column)))
    }

    func int(_ row: Int, _ column: Int) -> Int64 {
        guard let value = manual_PQgetvalue(pointer, Int32(row), Int32(column)) else { return 0 }
        return strtoll(value, nil, 10)
    }

    func double(_ row: Int, _ column: Int) -> Double {
        text(row, column).flatMap(Double.init) ?? 0
    }

    /// A bytea column, from its hex text form (`\x0a1b…`).
    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        guard !isNull(row, column), let value = manual_PQgetvalue(pointer, Int32(row), Int32(column)) else { return [] }
        let length = Int(manual_PQgetlength(pointer, Int32(row), Int32(column)))
        guard length >= 2 else { return [] }
        var out = [UInt8](repeating: 0, count: (length - 2) / 2)
        value.withMemoryRebound(to: UInt8.self, capacity: length) { hex in
            func nibble(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : (c | 0x20) - 87 }
            for index in 0..<out.count {
                out[index] = nibble(hex[2 + 2 * index]) << 4 | nibble(hex[3 + 2 * index])
            }
        }
        return out
    }

    /// Maps every row with `read`.
    func map<T>(_ read: (Int) -> T) -> [T] {
        (0..<count).map(read)
    }

    /// The single integer of a one-row result, 0 when there is none.
    var integer: Int64 { count > 0 ? int(0, 0) : 0 }
}
