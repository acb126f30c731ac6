import Foundation

/// Searches for the short ASCII needles the pipeline looks for in every line (the column gap "  ",
/// dot leaders), on the UTF-8 bytes.
///
/// Foundation's `contains`, `range(of:)` and `components(separatedBy:)` bridge every call through
/// CFString and compare by canonical equivalence. On an all-ASCII line canonical equivalence is byte
/// equality, so the byte answer is Foundation's answer; a line with other characters in it is handed
/// to Foundation, so the results never differ. (No character is canonically equivalent to a string
/// containing a space, a full stop or a hyphen, so bytes that do not contain the needle at all are a
/// "no" either way.)
package enum ASCIISearch {
    /// What a scan of `text` for `needle` found.
    private enum Scan {
        /// The needle is not in the text.
        case absent
        /// The text is all ASCII; the needle's byte offsets, left to right and not overlapping.
        case ascii(matches: [Int])
        /// The needle's bytes are there but so are non-ASCII characters: ask Foundation.
        case undecided
    }

    /// Whether `text` contains `needle` (ASCII), as `text.contains(needle)` says.
    package static func contains(_ text: String, _ needle: StaticString) -> Bool {
        switch scan(text, needle, all: false) {
        case .absent: return false
        case .ascii: return true
        case .undecided: return text.contains(needle.description)
        }
    }

    /// Whether `text` contains `needle` (ASCII, not empty, made at run time), as `text.contains(needle)` says:
    /// the bytes' answer for an all-ASCII text, Foundation's for any other.
    package static func contains(_ text: String, phrase needle: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.contains(needle) }
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty, wanted.count <= bytes.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { bytes[start + $0] == wanted[$0] }
        }
    }

    /// Whether `text` contains `needle` (lowercase ASCII letters) in any case, as `text.range(of: needle,
    /// options: .caseInsensitive) != nil` says. A text with other characters that the bytes do not settle
    /// is handed to Foundation.
    package static func containsIgnoringCase(_ text: String, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            var i = 0
            while i + n <= bytes.count {
                // Or-ing 0x20 lowers an ASCII capital and changes no byte into another letter.
                var k = 0
                while k < n && (bytes[i + k] | 0x20) == needle.utf8Start[k] { k += 1 }
                if k == n { return true }
                i += 1
            }
            return bytes.contains { $0 >= 0x80 } ? nil : false
        } ?? nil
        return found ?? (text.range(of: needle.description, options: .caseInsensitive) != nil)
    }

    /// `text.components(separatedBy: needle)`.
    package static func components(_ text: String, separatedBy needle: StaticString) -> [String] {
        switch scan(text, needle, all: true) {
        case .absent:
            return [text]
        case .ascii(let matches):
            let bytes = Array(text.utf8)
            var out: [String] = []
            out.reserveCapacity(matches.count + 1)
            var start = 0
            for match in matches {
                out.append(String(decoding: bytes[start..<match], as: UTF8.self))
                start = match + needle.utf8CodeUnitCount
            }
            out.append(String(decoding: bytes[start...], as: UTF8.self))
            return out
        case .undecided:
            return text.components(separatedBy: needle.description)
        }
    }

    /// `text.replacingOccurrences(of: needle, with: replacement)`.
    package static func replacing(_ needle: StaticString, with replacement: StaticString, in text: String) -> String {
        switch scan(text, needle, all: true) {
        case .absent:
            return text
        case .ascii(let matches):
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            var start = 0
            let bytes = Array(text.utf8)
            for match in matches {
                out.append(contentsOf: bytes[start..<match])
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                start = match + needle.utf8CodeUnitCount
            }
            out.append(contentsOf: bytes[start...])
            return String(decoding: out, as: UTF8.self)
        case .undecided:
            return text.replacingOccurrences(of: needle.description, with: replacement.description)
        }
    }

    /// The byte offset of the last occurrence of `needle` in an all-ASCII `text`, as
    /// `range(of: needle, options: .backwards)` finds it; `.some(nil)` when absent, nil when the
    /// text is not all ASCII (ask Foundation).
    package static func lastOffset(of needle: StaticString, in text: String) -> Int?? {
        let n = needle.utf8CodeUnitCount
        let result: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count >= n else { return .some(nil) }
            var start = bytes.count - n
            while start >= 0 {
                if matches(bytes, at: start, needle) { return .some(start) }
                start -= 1
            }
            return .some(nil)
        } ?? nil
        return result
    }

    /// One pass over the bytes: the needle's non-overlapping occurrences (only the first unless
    /// `all`), and whether anything outside ASCII was seen.
    private static func scan(_ text: String, _ needle: StaticString, all: Bool) -> Scan {
        let n = needle.utf8CodeUnitCount
        let first = needle.utf8Start.pointee
        let result = text.utf8.withContiguousStorageIfAvailable { bytes -> Scan in
            var found: [Int] = []
            var sawNonASCII = false
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x80 {
                    sawNonASCII = true
                } else if byte == first, i + n <= bytes.count, matches(bytes, at: i, needle) {
                    found.append(i)
                    // Once a match is known, only whether the text is ASCII is left to learn.
                    if !all && sawNonASCII { break }
                    i += n
                    continue
                }
                i += 1
            }
            if found.isEmpty { return .absent }
            return sawNonASCII ? .undecided : .ascii(matches: found)
        }
        return result ?? .undecided
    }

    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ needle: StaticString) -> Bool {
        let pointer = needle.utf8Start
        for k in 0..<needle.utf8CodeUnitCount where bytes[start + k] != pointer[k] { return false }
        return true
    }
}
