/// A string's characters read as bytes, where they are plain ASCII: the fast path of rules that
/// look at how a line starts or ends ("1.", "WARNING", "230 kPa").
///
/// Rules written on `Character` pay for grapheme breaking and property look-ups on every
/// character. A printable ASCII byte is a whole `Character` of its own when its neighbours are
/// ASCII too (no grapheme rule joins two ASCII characters but CR LF, and prepended or combining
/// marks are not ASCII), and then `isLetter`, `isNumber`, `isUppercase` and `isWhitespace` are
/// range checks. Where a rule needs a character that is not such a byte, `at` throws and the
/// caller answers with its `Character` rules instead, so the result never differs.
struct ASCIICharacters {
    /// A rule reached a character that is not a lone plain ASCII byte.
    struct Undecided: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>

    /// Number of bytes (and, when `isPlain`, of characters).
    var count: Int { bytes.count }

    /// Runs `rule` on the bytes of `text`; nil when it was undecided (or the text is not stored as
    /// contiguous UTF-8), in which case the caller runs its `Character` rules.
    static func read<Result>(_ text: String, _ rule: (ASCIICharacters) throws(Undecided) -> Result) -> Result? {
        let outcome = text.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            do throws(Undecided) {
                return try rule(ASCIICharacters(bytes: bytes))
            } catch {
                return nil
            }
        }
        return outcome ?? nil
    }

    /// The character at byte offset `i` (0-based): nil past the end; throws when it may not be a
    /// lone plain ASCII byte.
    func at(_ i: Int) throws(Undecided) -> UInt8? {
        guard i < bytes.count else { return nil }
        let byte = bytes[i]
        guard byte >= 0x20 && byte < 0x7F, i == 0 || bytes[i - 1] < 0x80, i + 1 == bytes.count || bytes[i + 1] < 0x80 else {
            throw Undecided()
        }
        return byte
    }

    /// The last character, nil for an empty string.
    func last() throws(Undecided) -> UInt8? {
        bytes.isEmpty ? nil : try at(bytes.count - 1)
    }

    /// Whether every byte is printable ASCII, so that every byte is a character.
    var isPlain: Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The bytes, for rules that have checked `isPlain`.
    var plainBytes: UnsafeBufferPointer<UInt8> { bytes }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    @inline(__always)
    static func isLowercase(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    /// `Character.isWhitespace` of a printable ASCII byte: only the space.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 }
}
