/// Cuts folded text into tokens, one at a time, applying the joining rules technical manuals need.
///
/// Rules, in the order they apply:
/// - a token is a run of letters and digits, except that Chinese, Japanese and Korean characters give
///   overlapping bigrams ("説明書" -> "説明", "明書"; see `CJKBigrams`);
/// - "." between digits stays ("2.5", "1.2.3"); "," before a group of three digits is dropped ("1,000" -> "1000");
/// - an apostrophe between letters is dropped ("tire's" -> "tires", "don't" -> "dont");
/// - "-" joins when it separates letters from a following digit ("0W-20" -> "0w20", "R-134a" -> "r134a")
///   or a number from a code containing digits ("90915-YZZD1"); otherwise it splits ("well-known", "10-20");
/// - a number followed by up to three spaces (or one hyphen) and a known unit absorbs the unit
///   ("35 psi" -> "35psi", "110 N·m" -> "110nm", "20 °C" -> "20c", "90°" -> "90deg", "10-mm" -> "10mm"),
///   and unit spellings are made canonical ("500 miles" -> "500mi").
struct TokenScanner {
    private let text: [Unicode.Scalar]
    private var position = 0
    private var bytes: [UInt8] = []
    /// The rest of the current CJK run's bigrams, last first.
    private var pendingCJK: [String] = []

    init(folded: [Unicode.Scalar]) {
        text = folded
        bytes.reserveCapacity(64)
    }

    /// What the characters of the current token look like so far.
    private enum Shape {
        case number // digits and decimal points
        case numberThenLetters(letterStart: Int) // "35psi", "110n": a number with a letter suffix
        case letters
        case mixed
    }

    /// The next token, or nil at the end of the text.
    mutating func next() -> Token? {
        if let piece = pendingCJK.popLast() { return Token(text: piece, kind: .word) }
        while position < text.count && !Self.isAlphanumeric(text[position]) { position += 1 }
        guard position < text.count else { return nil }
        if CJKBigrams.isCJK(text[position]) {
            var end = position
            while end < text.count && CJKBigrams.isCJK(text[end]) { end += 1 }
            pendingCJK = CJKBigrams.bigrams(of: text[position..<end]).reversed()
            position = end
            return Token(text: pendingCJK.removeLast(), kind: .word)
        }

        bytes.removeAll(keepingCapacity: true)
        var shape: Shape = Self.isDigit(text[position]) ? .number : .letters
        var digitRun = 0
        var lastWasLetter = false

        while position < text.count {
            let c = text[position]
            let nextScalar: Unicode.Scalar? = position + 1 < text.count ? text[position + 1] : nil
            if Self.isDigit(c) {
                bytes.append(UInt8(c.value))
                switch shape {
                case .numberThenLetters, .letters: shape = .mixed
                case .number, .mixed: break
                }
                digitRun += 1
                lastWasLetter = false
                position += 1
                continue
            }
            if Self.isLetter(c) {
                // A CJK run starts terms of its own (see `CJKBigrams`).
                if CJKBigrams.isCJK(c) { break }
                if c.value < 0x80 { bytes.append(UInt8(c.value)) } else { bytes.append(contentsOf: String(c).utf8) }
                if case .number = shape { shape = .numberThenLetters(letterStart: bytes.count - 1) }
                digitRun = 0
                lastWasLetter = true
                position += 1
                continue
            }
            guard let next = nextScalar else { break }
            if c == "." && digitRun > 0 && Self.isDigit(next) {
                bytes.append(UInt8(ascii: "."))
                digitRun = 0
                position += 1
                continue
            }
            if c == ",", case .number = shape, (1...3).contains(digitRun), !bytes.contains(UInt8(ascii: ".")),
               isThousandsGroup(at: position + 1) {
                digitRun = 0
                position += 1
                continue
            }
            if c == "'" && lastWasLetter && Self.isLetter(next) {
                position += 1
                continue
            }
            if c == "-" && hyphenJoins(shape: shape, next: next) {
                digitRun = 0
                lastWasLetter = false
                position += 1
                continue
            }
            break
        }

        switch shape {
        case .letters:
            return Token(text: String(decoding: bytes, as: UTF8.self), kind: .word)
        case .mixed:
            return Token(text: String(decoding: bytes, as: UTF8.self), kind: .code)
        case .number:
            if let unit = unitAfterNumber() {
                bytes.append(contentsOf: unit.utf8)
                return Token(text: String(decoding: bytes, as: UTF8.self), kind: .measurement)
            }
            return Token(text: String(decoding: bytes, as: UTF8.self), kind: .number)
        case .numberThenLetters(let letterStart):
            if let unit = canonicalSuffixUnit(from: letterStart) {
                bytes.removeSubrange(letterStart...)
                bytes.append(contentsOf: unit.utf8)
                return Token(text: String(decoding: bytes, as: UTF8.self), kind: .measurement)
            }
            return Token(text: String(decoding: bytes, as: UTF8.self), kind: .code)
        }
    }

    // MARK: Joining rules

    private func isThousandsGroup(at start: Int) -> Bool {
        guard start + 2 < text.count else { return false }
        for k in start..<(start + 3) where !Self.isDigit(text[k]) { return false }
        return start + 3 >= text.count || !Self.isDigit(text[start + 3])
    }

    private func hyphenJoins(shape: Shape, next: Unicode.Scalar) -> Bool {
        switch shape {
        case .letters, .mixed, .numberThenLetters:
            return Self.isDigit(next)
        case .number:
            // "90915-YZZD1" is a part number; "10-20" is a range and "3-way" two words.
            guard !bytes.contains(UInt8(ascii: ".")) else { return false }
            var k = position + 1
            var sawLetter = false, sawDigit = false
            while k < text.count && Self.isAlphanumeric(text[k]) {
                if Self.isDigit(text[k]) { sawDigit = true } else { sawLetter = true }
                k += 1
            }
            return sawLetter && sawDigit
        }
    }

    /// Consumes a unit written after a complete number and returns its canonical form.
    private mutating func unitAfterNumber() -> String? {
        var k = position
        var spaces = 0
        while k < text.count && spaces < 3 && Self.isHorizontalSpace(text[k]) {
            k += 1
            spaces += 1
        }
        var afterHyphen = false
        if spaces == 0 && k < text.count && text[k] == "-" {
            k += 1
            afterHyphen = true
        }
        guard k < text.count else { return nil }

        if text[k] == "°" && !afterHyphen {
            var m = k + 1
            if m < text.count && Self.isHorizontalSpace(text[m]) { m += 1 }
            if let scale = asciiLetterRun(at: m), scale.letters == "c" || scale.letters == "f" {
                position = scale.end
                return scale.letters
            }
            position = k + 1
            return "deg"
        }

        guard let first = asciiLetterRun(at: k) else { return nil }
        if let (unit, end) = compoundUnit(first: first.letters, joinerAt: first.end) {
            position = end
            return unit
        }
        if let unit = MeasurementUnits.unit(for: first.letters) {
            position = first.end
            return unit
        }
        return nil
    }

    /// For a token like "110n" or "500miles": the canonical unit its letter suffix spells, consuming
    /// a second unit part when one follows a joiner ("110N·m").
    private mutating func canonicalSuffixUnit(from letterStart: Int) -> String? {
        guard bytes.count - letterStart <= MeasurementUnits.longestSpelling else { return nil }
        let suffix = String(decoding: bytes[letterStart...], as: UTF8.self)
        if let (unit, end) = compoundUnit(first: suffix, joinerAt: position) {
            position = end
            return unit
        }
        return MeasurementUnits.unit(for: suffix)
    }

    /// A two-part unit ("n" "·" "m") starting with `first`, whose joiner sits at `joinerAt`.
    private func compoundUnit(first: String, joinerAt k: Int) -> (String, Int)? {
        guard k < text.count, Self.isUnitJoiner(text[k]), let second = asciiLetterRun(at: k + 1),
              let unit = MeasurementUnits.unit(first: first, second: second.letters) else { return nil }
        return (unit, second.end)
    }

    /// A short run of ASCII letters at `start` that ends the word (not followed by a letter or digit).
    private func asciiLetterRun(at start: Int) -> (letters: String, end: Int)? {
        var k = start
        while k < text.count && Self.isASCIILetter(text[k]) {
            k += 1
            if k - start > MeasurementUnits.longestSpelling { return nil }
        }
        guard k > start else { return nil }
        // A unit may be followed straight by CJK text ("230 kPaです"), which starts terms of its own.
        if k < text.count && Self.isAlphanumeric(text[k]) && !CJKBigrams.isCJK(text[k]) { return nil }
        var letters = ""
        letters.unicodeScalars.append(contentsOf: text[start..<k])
        return (letters, k)
    }

    // MARK: Character classes (text is already folded to lowercase)

    @inline(__always)
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    @inline(__always)
    static func isASCIILetter(_ c: Unicode.Scalar) -> Bool { c.value >= 0x61 && c.value <= 0x7A }

    @inline(__always)
    static func isLetter(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x80 { return isASCIILetter(c) }
        // Other scripts' letters and digits count as letters: they are word material but not numbers.
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }

    @inline(__always)
    static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool { isDigit(c) || isLetter(c) }

    @inline(__always)
    static func isHorizontalSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }

    static func isUnitJoiner(_ c: Unicode.Scalar) -> Bool { c == "·" || c == "-" || c == "/" || c == "." }
}
