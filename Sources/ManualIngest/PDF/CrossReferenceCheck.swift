/// Whether a PDF file's cross-reference table (its index of where each object starts) is where the file
/// says it is.
///
/// A PDF ends with `startxref`, the byte offset of its last cross-reference table (`xref ...`) or stream
/// (`12 0 obj ...`). When that offset is missing or points elsewhere, poppler reads the file anyway by
/// scanning it for objects, silently: the text usually comes out whole, but the file is damaged (a broken
/// download, a bad edit), and of two copies of a manual the sound one is the one to cite
/// (`SourceCondition`). Checked on bytes the ingest reads anyway: the last kilobyte, and a few bytes at
/// the offset it names.
enum CrossReferenceCheck {
    /// How many of the file's last bytes are searched for `startxref`. The specification puts it in
    /// the last 1024 bytes, after which only "%%EOF" and line ends follow.
    static let tailLength = 1024

    /// True when the last `startxref` in `tail` (the file's last bytes) names an offset at which a
    /// cross-reference table or stream starts. `read(offset, count)` returns up to `count` bytes of the
    /// file from `offset` (nil past the end); `headerOffset` is where `%PDF-` starts, since offsets count
    /// from there when junk precedes it.
    static func isIntact(tail: [UInt8], fileSize: Int, headerOffset: Int, read: (Int, Int) -> [UInt8]?) -> Bool {
        guard let offset = lastStartOffset(in: tail) else { return false }
        for base in headerOffset == 0 ? [0] : [0, headerOffset] {
            let at = offset + base
            guard at >= 0, at < fileSize, let bytes = read(at, 32) else { continue }
            if startsCrossReference(bytes) { return true }
        }
        return false
    }

    /// The number after the last `startxref` keyword in `tail`, if one is there.
    static func lastStartOffset(in tail: [UInt8]) -> Int? {
        let keyword = Array("startxref".utf8)
        guard tail.count >= keyword.count else { return nil }
        var start = tail.count - keyword.count
        while start >= 0 {
            if tail[start] == keyword[0], Array(tail[start..<start + keyword.count]) == keyword { break }
            start -= 1
        }
        guard start >= 0 else { return nil }
        var i = skippingWhitespace(tail, from: start + keyword.count)
        var value = 0
        var digits = 0
        while i < tail.count, (0x30...0x39).contains(tail[i]), digits < 15 {
            value = value * 10 + Int(tail[i] - 0x30)
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    /// `xref` (a classic table) or `N G obj` (a cross-reference stream), after optional whitespace.
    static func startsCrossReference(_ bytes: [UInt8]) -> Bool {
        var i = skippingWhitespace(bytes, from: 0)
        if bytes[i...].starts(with: Array("xref".utf8)) { return true }
        // Object number and generation, each digits followed by whitespace, then the keyword.
        for _ in 0..<2 {
            let digits = i
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
            let space = i
            i = skippingWhitespace(bytes, from: i)
            guard space > digits, i > space else { return false }
        }
        return bytes[i...].starts(with: Array("obj".utf8))
    }

    private static func skippingWhitespace(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }
}
