import CSQLite
import Foundation
import ManualKit

// Helpers for the reliability tests (bad input, crashes, concurrency, fuzzing, resource bounds).
// See docs/reliability.md for the cases and the tests that use these helpers.

// MARK: - A reproducible random number generator

/// SplitMix64: tiny, fast and fully specified, so a failing seed reproduces on every machine and Swift version.
public struct SplitMix64: RandomNumberGenerator {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0), by our own rule rather than the standard library's, so it never changes.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}

// MARK: - Adversarial text

/// Generators of hostile text for fuzzing questions and page text. All take the generator explicitly.
public enum FuzzText {
    /// Characters that tend to break tokenizers, splitters and query parsers.
    public static let nasty: [String] = [
        "\"", "'", "*", "^", ":", "(", ")", "{", "}", "[", "]", "-", "+", "~", "\\", "/", "%", "_", ".", ",", ";",
        "!", "?", "…", "·", "•", "–", "—", "\u{00A0}", "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{202E}", "\u{2028}",
        "\u{0301}", "\u{0000}", "\u{0007}", "\u{001B}", "\u{007F}", "\u{0085}", "\t", "\r", "\u{E000}", "\u{F8FF}",
        "\u{FFFD}", "\u{FFFF}", "ß", "ﬁ", "Ⅻ", "①", "½", "İ", "ı", "Σ", "ς", "😀", "👩🏽‍🔧", "🇩🇪", "𝕏",
    ]

    /// Words, FTS5 syntax and SQL fragments that a naive query builder would pass through.
    public static let operators: [String] = [
        "AND", "OR", "NOT", "NEAR", "NEAR(", "NEAR/2", "and", "or", "not", "*", "^", "\"\"", "\"", "(", ")", "()",
        "col:", "text:", "heading:", "{text heading}:", "-", "+", "'", "''", ";", "--", "/*", "*/", "%", "_",
        "DROP TABLE chunks;", "'; DELETE FROM documents; --", "rank", "bm25(", "chunks_fts", "MATCH", "\\", "\u{0000}",
    ]

    public static let words: [String] = [
        "tire", "pressure", "oil", "change", "reset", "light", "kettle", "descale", "water", "battery", "fuse",
        "the", "a", "of", "how", "what", "when", "why", "is", "do", "I", "my", "manual", "warning", "page",
        "230", "kPa", "2.3", "bar", "No.", "e.g.", "approx.", "Fig.", "K2", "tyre", "bonnet", "spanner",
        "Reifendruck", "pneumatique", "ölwechsel", "タイヤ", "空気圧", "轮胎", "צמיג", "إطار", "шина", "ελαστικό",
    ]

    /// Random scalars from all over Unicode (no surrogates), weighted towards the interesting planes.
    public static func scalar(_ rng: inout SplitMix64) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x20...0x7E, 0x7F...0x9F, 0xA0...0x24F, 0x300...0x36F, 0x370...0x52F, 0x590...0x6FF,
            0x900...0x97F, 0xE00...0xE7F, 0x1100...0x11FF, 0x2000...0x206F, 0x2100...0x27FF, 0x3000...0x30FF,
            0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xE000...0xF8FF, 0xFB00...0xFDFF, 0xFE00...0xFFFF,
            0x1_0000...0x1_FFFF, 0x1F300...0x1FAFF, 0xE_0000...0xE_007F, 0xF_0000...0x10_FFFF,
        ]
        let range = rng.pick(ranges)
        let value = range.lowerBound + UInt32(rng.below(Int(range.upperBound - range.lowerBound) + 1))
        return Unicode.Scalar(value) ?? "?"
    }

    /// A random string of `count` scalars.
    public static func unicode(_ rng: inout SplitMix64, count: Int) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<count { s.append(scalar(&rng)) }
        return String(s)
    }

    /// A question-like string of one of many hostile shapes.
    public static func question(_ rng: inout SplitMix64) -> String {
        switch rng.below(13) {
        case 0: return unicode(&rng, count: rng.int(0...40))
        case 1: return (0..<rng.int(1...12)).map { _ in rng.pick(operators) }.joined(separator: rng.chance(0.5) ? " " : "")
        case 2:
            return (0..<rng.int(1...10)).map { _ in
                rng.chance(0.4) ? rng.pick(operators) : rng.chance(0.3) ? rng.pick(nasty) : rng.pick(words)
            }.joined(separator: rng.pick([" ", "", "  ", "\t", " \u{00A0}"]))
        case 3: return String(repeating: rng.pick(["\"", "(", "*", "a ", "tire ", "ü", "🙂", "NEAR "]), count: rng.int(1...300))
        case 4: return String(repeating: " ", count: rng.int(0...5)) + String(repeating: rng.pick(["\t", "\u{00A0}", "\u{3000}", " "]), count: rng.int(0...5))
        case 5:
            // Very long: thousands of words.
            return (0..<rng.int(500...3000)).map { _ in rng.pick(words) }.joined(separator: " ")
        case 6: return "\"" + (0..<rng.int(1...6)).map { _ in rng.pick(words) }.joined(separator: " ") + rng.pick(["\"", "", "\"*", "\"\""])
        case 7: return (0..<rng.int(1...30)).map { _ in rng.pick(nasty) }.joined()
        case 8: return rng.pick(words) + rng.pick(nasty) + rng.pick(operators) + unicode(&rng, count: rng.int(1...5))
        default:
            // Plain questions, some with a hostile ending, so the answer path is exercised too.
            return rng.pick(["How do I", "What is", "When should I", "Why does", ""]) + " "
                + (0..<rng.int(1...8)).map { _ in rng.pick(words) }.joined(separator: " ") + rng.pick(["?", "", "??", " *", " OR", " NOT", "\""])
        }
    }
}

// MARK: - Hand-written PDFs

/// Writes small, valid PDFs by hand: no generator tools needed in CI.
///
/// Text in `.latin` pages uses Helvetica (printable ASCII only). Text in `.unicode` pages uses a Type0 font
/// with Identity-H encoding and a ToUnicode map that sends CID n to U+n, so any BMP scalar (CJK, Hebrew,
/// control characters, private use) comes back out of poppler as itself; the font is not embedded, so
/// nothing is drawn well, but text extraction only needs the map.
public struct MiniPDF {
    public enum Font { case latin, unicode }

    public struct Page {
        public var lines: [String]
        public var font: Font
        public var fontSize: Double

        public init(lines: [String], font: Font = .latin, fontSize: Double = 11) {
            self.lines = lines
            self.font = font
            self.fontSize = fontSize
        }
    }

    /// nil is a page with no content at all.
    public var pages: [Page?]
    /// Info dictionary entries as raw string bytes (written as hex strings), e.g. ["Title": bytes].
    public var info: [String: [UInt8]]
    /// Writes every cross-reference offset wrong and the startxref offset past the end: readers must rebuild it.
    public var brokenXref: Bool
    /// Bytes of an image no page draws, to make a file as large as one full of photographs.
    public var ballast = 0

    public init(pages: [Page?], info: [String: [UInt8]] = [:], brokenXref: Bool = false) {
        self.pages = pages
        self.info = info
        self.brokenXref = brokenXref
    }

    /// A PDF with one page per string; lines split at "\n".
    public init(texts: [String], font: Font = .latin) {
        self.init(pages: texts.map { Page(lines: $0.components(separatedBy: "\n"), font: font) })
    }

    public func data() -> Data {
        var out = Data()
        var offsets: [Int: Int] = [:]
        func emit(_ s: String) { out.append(contentsOf: Array(s.utf8)) }
        func object(_ id: Int, _ body: String) {
            offsets[id] = out.count
            emit("\(id) 0 obj\n\(body)\nendobj\n")
        }
        func stream(_ id: Int, _ dictionary: String, _ content: Data) {
            offsets[id] = out.count
            emit("\(id) 0 obj\n<< \(dictionary) /Length \(content.count) >>\nstream\n")
            out.append(content)
            emit("\nendstream\nendobj\n")
        }

        emit("%PDF-1.7\n%\u{00E2}\u{00E3}\u{00CF}\u{00D3}\n")
        // 1 catalog, 2 pages, 3 Helvetica, 4 Type0, 5 CID font, 6 ToUnicode, 7 descriptor, 8 info, 9 empty content.
        let firstPageObject = 10
        let kids = pages.indices.map { "\(firstPageObject + 2 * $0) 0 R" }.joined(separator: " ")
        object(1, "<< /Type /Catalog /Pages 2 0 R >>")
        object(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) /MediaBox [0 0 612 792] >>")
        object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        if ballast > 0 {
            // Outside the cross-reference table, which readers follow: it is never loaded.
            emit("99999 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height \(ballast) /BitsPerComponent 8 "
                 + "/ColorSpace /DeviceGray /Length \(ballast) >>\nstream\n")
            out.append(Data(repeating: 0, count: ballast))
            emit("\nendstream\nendobj\n")
        }
        object(4, "<< /Type /Font /Subtype /Type0 /BaseFont /ManualTestUnicode /Encoding /Identity-H "
               + "/DescendantFonts [5 0 R] /ToUnicode 6 0 R >>")
        object(5, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ManualTestUnicode "
               + "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
               + "/FontDescriptor 7 0 R /DW 600 /CIDToGIDMap /Identity >>")
        stream(6, "", Data(MiniPDF.identityToUnicode.utf8))
        object(7, "<< /Type /FontDescriptor /FontName /ManualTestUnicode /Flags 4 /FontBBox [0 -200 1000 900] "
               + "/ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>")
        let infoBody = info.keys.sorted().map { key in
            "/\(key) <" + info[key]!.map { String(format: "%02X", $0) }.joined() + ">"
        }.joined(separator: " ")
        object(8, "<< \(infoBody) >>")
        stream(9, "", Data())
        for (index, page) in pages.enumerated() {
            let pageID = firstPageObject + 2 * index
            let contentID = pageID + 1
            let resources = "/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >>"
            if let page {
                object(pageID, "<< /Type /Page /Parent 2 0 R \(resources) /Contents \(contentID) 0 R >>")
                stream(contentID, "", MiniPDF.content(page))
            } else {
                object(pageID, "<< /Type /Page /Parent 2 0 R \(resources) /Contents 9 0 R >>")
                object(contentID, "null")
            }
        }
        let count = firstPageObject + 2 * pages.count
        let xrefOffset = out.count
        emit("xref\n0 \(count)\n0000000000 65535 f \n")
        for id in 1..<count {
            let offset = brokenXref ? (offsets[id] ?? 0) + 7 : (offsets[id] ?? 0)
            emit(String(format: "%010d 00000 n \n", offset))
        }
        emit("trailer\n<< /Size \(count) /Root 1 0 R /Info 8 0 R >>\n")
        emit("startxref\n\(brokenXref ? xrefOffset + 100_000 : xrefOffset)\n%%EOF\n")
        return out
    }

    private static func content(_ page: Page) -> Data {
        var s = ""
        var y = 760.0
        for line in page.lines {
            switch page.font {
            case .latin:
                let escaped = line.unicodeScalars.map { c -> String in
                    switch c {
                    case "(", ")", "\\": return "\\" + String(c)
                    case " "..."~": return String(c)
                    default: return "?"
                    }
                }.joined()
                s += "BT /F1 \(page.fontSize) Tf 56 \(y) Td (\(escaped)) Tj ET\n"
            case .unicode:
                // Spaces are gaps (a TJ adjustment), as typesetters write them, not space glyphs.
                let words = line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                    "<" + word.unicodeScalars.map { c -> String in
                        c.value <= 0xFFFF && !(0xD800...0xDFFF).contains(c.value) ? String(format: "%04X", c.value) : "FFFD"
                    }.joined() + ">"
                }
                s += "BT /F2 \(page.fontSize) Tf 56 \(y) Td [\(words.joined(separator: " -600 "))] TJ ET\n"
            }
            y -= page.fontSize * 1.4
            if y < 40 { y = 760 }
        }
        return Data(s.utf8)
    }

    /// CID n -> U+n for the whole BMP (bfrange entries may not cross a high-byte boundary: 256 of them).
    private static let identityToUnicode: String = {
        var ranges = ""
        for high in 0..<256 where !(0xD8...0xDF).contains(high) {
            let h = String(format: "%02X", high)
            ranges += "<\(h)00> <\(h)FF> <\(h)00>\n"
        }
        let count = 256 - 8
        // At most 100 entries per beginbfrange block.
        var blocks = ""
        let lines = ranges.split(separator: "\n")
        var start = 0
        while start < lines.count {
            let end = min(start + 100, lines.count)
            blocks += "\(end - start) beginbfrange\n" + lines[start..<end].joined(separator: "\n") + "\nendbfrange\n"
            start = end
        }
        precondition(lines.count == count)
        return """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange
            \(blocks)endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end
            """
    }()
}

// MARK: - Child processes with exit status, signal and peak memory

/// How a child process ended.
public struct ChildResult: CustomStringConvertible {
    /// Exit code, or nil when a signal ended it.
    public var exitCode: Int32?
    /// The signal that ended it, if any.
    public var signal: Int32?
    public var stdout: String
    public var stderr: String
    /// Peak resident set size in KiB (ru_maxrss of this child alone, from wait4).
    public var maxRSSKiB: Int
    /// True when the child outlived its time limit and was killed for it.
    public var timedOut: Bool

    public var description: String {
        "exit \(exitCode.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-")"
            + (timedOut ? " (timed out)" : "") + "\nstderr: \(stderr.prefix(2000))"
    }
}

/// A process started with posix_spawn: stdin from a file, stdout and stderr to files (no pipes to deadlock),
/// reaped with wait4 so each child's own peak memory is known.
public final class Child {
    public let pid: pid_t
    private let outPath: String
    private let errPath: String
    private let inPath: String?
    private var result: ChildResult?

    /// Starts `program` with `arguments`; `environment` is added to this process's environment.
    public init(_ program: String, _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws {
        let base = NSTemporaryDirectory() + "manual-child-\(UUID().uuidString)"
        outPath = base + ".out"
        errPath = base + ".err"
        if let stdin {
            inPath = base + ".in"
            _ = FileManager.default.createFile(atPath: base + ".in", contents: stdin)
        } else {
            inPath = nil
        }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling and an empty mask in the child, whatever the test process does.
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let rc = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard rc == 0 else {
            throw NSError(domain: "Child", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: "cannot start \(program): \(rc)"])
        }
        pid = child
    }

    deinit {
        if result == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        for path in [outPath, errPath] + (inPath.map { [$0] } ?? []) { unlink(path) }
    }

    /// What the child has written to stdout so far.
    public var stdoutSoFar: String {
        String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
    }

    /// Sends `signal` to the child (ignored when it has already been reaped).
    public func send(_ signal: Int32) {
        if result == nil { kill(pid, signal) }
    }

    /// Whether the child has ended (reaping it if so).
    public var hasExited: Bool {
        if result != nil { return true }
        return reap(blocking: false)
    }

    /// Waits for the child, killing it after `timeout` seconds.
    @discardableResult
    public func wait(timeout: Double = 300) -> ChildResult {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while result == nil {
            if reap(blocking: false) { break }
            if Date() > deadline && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
                _ = reap(blocking: true)
                break
            }
            usleep(5_000)
        }
        result?.timedOut = timedOut
        return result!
    }

    private func reap(blocking: Bool) -> Bool {
        var status: Int32 = 0
        var usage = rusage()
        var rc: pid_t
        repeat {
            rc = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        } while rc == -1 && errno == EINTR
        guard rc == pid else { return false }
        let signal = status & 0x7f
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8))
            ?? String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let err = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        result = ChildResult(exitCode: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
                             stdout: out, stderr: err, maxRSSKiB: Int(usage.ru_maxrss), timedOut: false)
        return true
    }

    /// Runs `program` to completion.
    public static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                           stdin: Data? = nil, timeout: Double = 300) -> ChildResult {
        do {
            return try Child(program, arguments, environment: environment, stdin: stdin).wait(timeout: timeout)
        } catch {
            return ChildResult(exitCode: -1, signal: nil, stdout: "", stderr: "\(error)", maxRSSKiB: 0, timedOut: false)
        }
    }

    /// Runs `manual` against `library` and measures its own peak resident memory, in KiB.
    ///
    /// `maxRSSKiB` cannot: a child started from this process inherits, at exec, the high-water mark
    /// of the test runner's memory (the kernel records the old address space's peak), so a child
    /// lighter than the runner measures as heavy as the runner. python3 (which libglib2.0-dev, and so
    /// this project's build dependencies, bring) starts the child instead and reports its peak alone.
    public static func manualPeakMemory(_ arguments: [String], library: String) -> (result: ChildResult, peakKiB: Int) {
        let folder = TemporaryFolder()
        let report = folder.path("peak")
        let script = """
            import resource, subprocess, sys
            code = subprocess.call(sys.argv[2:])
            open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            sys.exit(code)
            """
        let result = run("/usr/bin/python3", ["-c", script, report, ManualRunner.binary] + arguments,
                         environment: ["MANUAL_DB": library])
        let peak = (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Int($0) } ?? 0
        return (result, peak)
    }

    /// Runs the `manual` binary against `library`.
    public static func manual(_ arguments: [String], library: String, stdin: Data? = nil, timeout: Double = 300,
                              environment: [String: String] = [:]) -> ChildResult {
        var env = environment
        env["MANUAL_DB"] = library
        return run(ManualRunner.binary, arguments, environment: env, stdin: stdin, timeout: timeout)
    }
}

// MARK: - Auditing a library file

/// Reads a library file behind the tool's back and lists everything inconsistent in it.
public enum LibraryAudit {
    /// One stored document as the audit sees it.
    public struct Document: Equatable, CustomStringConvertible {
        public var id: Int64
        public var sha256: String
        public var pageCount: Int
        public var pages: Int
        public var chunks: Int
        public var terms: Int
        public var description: String { "#\(id) \(sha256.prefix(8)) pages \(pages)/\(pageCount) chunks \(chunks) terms \(terms)" }
    }

    /// Rows of a query as strings (NULL as "NULL").
    public static func rows(_ path: String, _ sql: String, readOnly: Bool = true) throws -> [[String]] {
        var db: OpaquePointer?
        var statement: OpaquePointer?
        defer {
            sqlite3_finalize(statement)
            sqlite3_close(db)
        }
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK else {
            throw SQLiteFile.Failed(message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
        }
        sqlite3_busy_timeout(db, 10_000)
        guard SQLiteFile.registerTokenizer(db), sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteFile.Failed(message: String(cString: sqlite3_errmsg(db)))
        }
        var out: [[String]] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw SQLiteFile.Failed(message: String(cString: sqlite3_errmsg(db))) }
            out.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        return out
    }

    /// `PRAGMA integrity_check`, joined: "ok" when the file is sound.
    public static func integrity(_ path: String) -> String {
        do {
            // Read-write, as the next `manual` run opens it: after a kill, a read-only connection cannot
            // run the write-ahead log recovery that the first read needs (SQLITE_READONLY_RECOVERY).
            return try rows(path, "PRAGMA integrity_check", readOnly: false).map { $0.joined() }.joined(separator: "; ")
        } catch {
            return "cannot check: \(error)"
        }
    }

    /// Whether the library's tables exist: a kill before the first migration commits leaves a file
    /// without them, which is an empty library (the next run creates them).
    public static func hasSchema(_ path: String) -> Bool {
        ((try? rows(path, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'documents'"))?
            .first?.first ?? "0") != "0"
    }

    /// The documents with what is stored for each.
    public static func documents(_ path: String) throws -> [Document] {
        guard hasSchema(path) else { return [] }
        return try rows(path, """
            SELECT d.id, d.sha256, d.page_count,
                   (SELECT count(*) FROM pages p WHERE p.document_id = d.id),
                   (SELECT count(*) FROM chunks c WHERE c.document_id = d.id),
                   (SELECT count(*) FROM document_terms t WHERE t.document_id = d.id)
            FROM documents d ORDER BY d.id
            """).map {
            Document(id: Int64($0[0]) ?? -1, sha256: $0[1], pageCount: Int($0[2]) ?? -1, pages: Int($0[3]) ?? -1,
                     chunks: Int($0[4]) ?? -1, terms: Int($0[5]) ?? -1)
        }
    }

    /// Everything wrong with the library: integrity, foreign keys, the FTS index, and documents stored in part.
    /// `vectorBytes` is the size every chunk vector must have.
    public static func problems(_ path: String, vectorBytes: Int = StaticEmbedder().dimension * 4) -> [String] {
        var problems: [String] = []
        let integrity = integrity(path)
        if integrity != "ok" { problems.append("integrity_check: \(integrity)") }
        guard hasSchema(path) else { return problems }
        func check(_ label: String, _ sql: String) {
            do {
                let found = try rows(path, sql)
                if !found.isEmpty { problems.append("\(label): \(found.prefix(5))") }
            } catch {
                problems.append("\(label): \(error)")
            }
        }
        check("foreign keys", "PRAGMA foreign_key_check")
        check("documents without all their pages", """
            SELECT d.id, d.page_count, count(p.number), min(p.number), max(p.number) FROM documents d
            LEFT JOIN pages p ON p.document_id = d.id GROUP BY d.id
            HAVING count(p.number) != d.page_count OR min(p.number) != 1 OR max(p.number) != d.page_count
            """)
        check("documents without chunks", "SELECT id FROM documents d WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.document_id = d.id)")
        check("documents without term statistics",
              "SELECT id FROM documents d WHERE NOT EXISTS (SELECT 1 FROM document_terms t WHERE t.document_id = d.id)")
        check("chunks with gaps in their ordinals", """
            SELECT document_id, count(*), min(ordinal), max(ordinal) FROM chunks GROUP BY document_id
            HAVING min(ordinal) != 0 OR max(ordinal) != count(*) - 1
            """)
        // Since schema 7 the float column is empty and the int8 copy is the vector.
        check("chunks with a bad vector", "SELECT id, length(vector) FROM chunks WHERE length(vector) NOT IN (0, \(vectorBytes))")
        check("chunks outside their document's pages", """
            SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id
            WHERE c.first_page < 1 OR c.last_page > d.page_count OR c.first_page > c.last_page
            """)
        check("chunks missing from the full-text index",
              "SELECT id FROM chunks WHERE id NOT IN (SELECT id FROM chunks_fts_docsize)")
        check("full-text rows without a chunk", "SELECT id FROM chunks_fts_docsize WHERE id NOT IN (SELECT id FROM chunks)")
        check("orphan rows", """
            SELECT 'pages', document_id FROM pages WHERE document_id NOT IN (SELECT id FROM documents)
            UNION ALL SELECT 'chunks', document_id FROM chunks WHERE document_id NOT IN (SELECT id FROM documents)
            UNION ALL SELECT 'terms', document_id FROM document_terms WHERE document_id NOT IN (SELECT id FROM documents)
            UNION ALL SELECT 'headings', document_id FROM headings WHERE document_id NOT IN (SELECT id FROM documents)
            """)
        if (try? rows(path, "SELECT 1 FROM sqlite_master WHERE name = 'chunk_vectors'"))?.isEmpty == false {
            check("chunks without their int8 vector", "SELECT id FROM chunks WHERE id NOT IN (SELECT chunk_id FROM chunk_vectors)")
            check("int8 vectors without a chunk", "SELECT chunk_id FROM chunk_vectors WHERE chunk_id NOT IN (SELECT id FROM chunks)")
            check("int8 vectors of a bad size", "SELECT chunk_id, length(quantized) FROM chunk_vectors WHERE length(quantized) != \(vectorBytes / 4)")
        }
        do {
            // The FTS5 index against its content table (a write statement that changes nothing).
            _ = try rows(path, "INSERT INTO chunks_fts(chunks_fts, rank) VALUES ('integrity-check', 1)", readOnly: false)
        } catch {
            problems.append("fts integrity-check: \(error)")
        }
        return problems
    }
}

extension SQLiteFile.Failed: CustomStringConvertible {
    public var description: String { message }
}

// MARK: - Small file-system helpers

/// Permission bits of a file or folder (`st_mode & 0o7777`).
public func permissions(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o7777)
}

/// Modification time of a file in nanoseconds, to prove a file was not written.
public func modificationNanoseconds(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
}

/// Seconds of CPU time this thread has used: unlike wall time, unaffected by other work on the machine.
public func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

// MARK: - Library snapshots

/// What a library holds, to prove a failed command changed nothing: every table's row count,
/// `PRAGMA integrity_check` and the file's bytes.
public struct LibrarySnapshot: Equatable, CustomStringConvertible {
    public var counts: [String: Int64]
    public var integrity: String
    public var digest: String

    public init(_ path: String) {
        counts = LibrarySnapshot.counts(path)
        integrity = LibraryAudit.integrity(path)
        digest = fileDigest(path)
    }

    /// Row counts of every ordinary table (FTS5 shadow tables included, so the index is covered too).
    public static func counts(_ path: String) -> [String: Int64] {
        guard let tables = try? LibraryAudit.rows(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'") else {
            return [:]
        }
        var counts: [String: Int64] = [:]
        for table in tables.map({ $0[0] }) {
            counts[table] = (try? SQLiteFile.integer(path, "SELECT count(*) FROM \"\(table)\"")) ?? -1
        }
        return counts
    }

    public var description: String {
        "integrity \(integrity), digest \(digest.prefix(12)), counts \(counts.sorted { $0.key < $1.key })"
    }
}

/// A library in its own temporary folder, seeded with `files` (default: the small kettle guide).
public final class SeededLibrary {
    public let folder = TemporaryFolder()
    public let path: String

    public init(_ files: [String] = [Fixtures.edge("small.pdf")]) {
        path = folder.path("library.sqlite")
        if !files.isEmpty {
            let seeded = Child.manual(["ingest", "--quiet"] + files, library: path)
            precondition(seeded.exitCode == 0, "seeding the library failed: \(seeded)")
        }
    }

    public func manual(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) -> ChildResult {
        Child.manual(arguments, library: path, stdin: stdin, environment: environment)
    }

    public var snapshot: LibrarySnapshot { LibrarySnapshot(path) }
}

/// Runs `arguments` through /usr/bin/setpriv as the unprivileged `nobody` user (for permission tests under root).
public func runManualAsNobody(_ arguments: [String], library: String, extraEnvironment: [String: String] = [:]) -> ChildResult {
    var env = extraEnvironment
    env["MANUAL_DB"] = library
    env["HOME"] = "/tmp"
    return Child.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", nobodyBinary] + arguments,
                     environment: env)
}

/// Whether the tests run as root (then file permissions do not stop the process, so tests drop to `nobody`).
public var runningAsRoot: Bool { getuid() == 0 }

/// The manual binary where `nobody` can run it: the build folder may sit under a home folder others
/// cannot enter, so it is copied once into a world-readable temporary folder when needed.
let nobodyBinary: String = {
    let direct = Child.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", ManualRunner.binary, "--help"])
    if direct.exitCode == 0 { return ManualRunner.binary }
    let folder = NSTemporaryDirectory() + "manual-nobody-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o755)
    let copy = folder + "/manual"
    try? FileManager.default.removeItem(atPath: copy)
    try? FileManager.default.copyItem(atPath: ManualRunner.binary, toPath: copy)
    chmod(copy, 0o755)
    return copy
}()

/// A manual with `pages` pages of varied, deterministic prose under numbered headings.
public func generatedManual(pages: Int, linesPerPage: Int = 30, seed: UInt64 = 7) -> MiniPDF {
    var rng = SplitMix64(seed: seed)
    let subjects = ["the pump", "the filter", "the heater", "the battery", "the door seal", "the fan", "the valve",
                    "the display", "the hose", "the drum", "the thermostat", "the timer"]
    let verbs = ["Check", "Clean", "Replace", "Inspect", "Tighten", "Descale", "Reset", "Lubricate", "Test"]
    let whens = ["every month", "once a year", "after 500 hours", "before first use", "when the light flashes",
                 "if it makes a noise", "every 10,000 km", "at each service"]
    var out: [MiniPDF.Page?] = []
    for page in 1...pages {
        var lines = ["\(page) Section \(page): Care of \(rng.pick(subjects))"]
        while lines.count < linesPerPage {
            lines.append("\(rng.pick(verbs)) \(rng.pick(subjects)) \(rng.pick(whens)); use part no. \(rng.int(100...999)).")
        }
        out.append(MiniPDF.Page(lines: lines))
    }
    return MiniPDF(pages: out)
}
