/// The words and hyphenated compounds a document uses, lowercased: evidence for how to rejoin
/// a word broken at a line end.
struct HyphenationVocabulary: Sendable {
    private(set) var words: Set<String> = []
    private(set) var compounds: Set<String> = []

    /// An empty vocabulary.
    init() {}

    /// The vocabulary of `lines` in reading order; the two halves of a word broken at a line end
    /// are left out, as they are not words of their own.
    init(lines: [String]) {
        add(lines: lines)
    }

    /// Adds the words of `lines`, in reading order, to what is known already.
    mutating func add(lines: [String]) {
        var previousBroken = false
        for line in lines {
            let broken = line.hasSuffix("-")
            add(line, skipFirst: previousBroken, skipLast: broken)
            previousBroken = broken
        }
    }

    /// Records the words of `line`: its runs of letters and hyphens.
    private mutating func add(_ line: String, skipFirst: Bool, skipLast: Bool) {
        // Tokens as UTF-8 bytes; the one before the current run is held back, since it is only
        // known to be the line's last token once the line ends.
        var token = Token(), held = Token()
        var isFirst = true
        func finishToken() {
            guard !token.bytes.isEmpty else { return }
            if !held.bytes.isEmpty {
                if !(skipFirst && isFirst) { record(&held) }
                isFirst = false
            }
            swap(&held, &token)
            token.clear()
        }
        for scalar in line.unicodeScalars {
            if ScalarClass.isAlphabetic(scalar) || scalar == "-" {
                token.append(scalar)
            } else {
                finishToken()
            }
        }
        finishToken()
        if !held.bytes.isEmpty, !(skipFirst && isFirst), !skipLast { record(&held) }
    }

    /// A run of letters and hyphens, as UTF-8.
    private struct Token {
        var bytes: [UInt8] = []
        var isASCII = true

        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else {
                isASCII = false
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }

        mutating func clear() {
            bytes.removeAll(keepingCapacity: true)
            isASCII = true
        }
    }

    /// Records `token` (its bytes are lowercased in place).
    private mutating func record(_ token: inout Token) {
        guard token.isASCII else {
            record(String(decoding: token.bytes, as: UTF8.self))
            return
        }
        // ASCII letters and hyphens: trimmed, lowercased and split on the bytes, as `record(_: String)` would.
        let hyphen = UInt8(ascii: "-")
        guard let first = token.bytes.firstIndex(where: { $0 != hyphen }),
              let last = token.bytes.lastIndex(where: { $0 != hyphen }) else { return }
        var hasHyphen = false
        for i in first...last {
            token.bytes[i] |= 0x20  // letters to lowercase; "-" already has the bit
            hasHyphen = hasHyphen || token.bytes[i] == hyphen
        }
        let lower = token.bytes[first...last]
        guard hasHyphen else {
            words.insert(String(decoding: lower, as: UTF8.self))
            return
        }
        compounds.insert(String(decoding: lower, as: UTF8.self))
        for part in lower.split(separator: hyphen) { words.insert(String(decoding: part, as: UTF8.self)) }
    }

    private mutating func record(_ token: String) {
        // A broken fragment ("recom-") and dashes around a word are not part of it.
        let trimmed = token.trimmingHyphens
        guard !trimmed.isEmpty else { return }
        let lower = trimmed.lowercased()
        if lower.contains("-") {
            compounds.insert(lower)
            for part in lower.split(separator: "-") { words.insert(String(part)) }
        } else {
            words.insert(lower)
        }
    }
}

private extension String {
    var trimmingHyphens: String {
        var s = Substring(self)
        while s.first == "-" { s = s.dropFirst() }
        while s.last == "-" { s = s.dropLast() }
        return String(s)
    }
}
