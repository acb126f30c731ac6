/// Reads the JSON columns of a chunk row as `StoredJSON` writes them (and `JSONEncoder` with sorted keys
/// wrote them before it), without Foundation's decoder: a question reads the heading path, keywords and
/// sentences of every chunk it retrieves and of every chunk its follow-up checks retrieve, and
/// `JSONDecoder` was a twentieth of a whole-process question's time.
///
/// Only that exact shape is read (no white space, the keys in their sorted order, whole numbers); any
/// other text gives nil, and the caller decodes it with `JSONDecoder` as before, so a value read here is
/// the value `JSONDecoder` gives.
enum StoredJSONReader {
    /// `["a","b"]`
    static func strings(_ json: String) -> [String]? {
        list(json) { $0.string() }
    }

    /// `[{"kind":"body","lastPage":3,"page":3,"text":"..."}]`
    static func sentences(_ json: String) -> [Sentence]? {
        list(json) { reader in
            guard reader.take(UInt8(ascii: "{")), reader.key("kind"), let kindName = reader.string(),
                  let kind = SentenceKind(rawValue: kindName),
                  reader.take(UInt8(ascii: ",")), reader.key("lastPage"), let lastPage = reader.integer(),
                  reader.take(UInt8(ascii: ",")), reader.key("page"), let page = reader.integer(),
                  reader.take(UInt8(ascii: ",")), reader.key("text"), let text = reader.string(),
                  reader.take(UInt8(ascii: "}"))
            else { return nil }
            return Sentence(text: text, page: page, lastPage: lastPage, kind: kind)
        }
    }

    /// `[e,e,...]` with each `e` read by `element`; nil when any is not, or anything follows the `]`.
    private static func list<Element>(_ json: String, _ element: (inout Cursor) -> Element?) -> [Element]? {
        var json = json
        return json.withUTF8 { bytes in
            var reader = Cursor(bytes: bytes)
            var out: [Element] = []
            guard reader.take(UInt8(ascii: "[")) else { return nil }
            if reader.take(UInt8(ascii: "]")) { return reader.atEnd ? out : nil }
            repeat {
                guard let value = element(&reader) else { return nil }
                out.append(value)
            } while reader.take(UInt8(ascii: ","))
            return reader.take(UInt8(ascii: "]")) && reader.atEnd ? out : nil
        }
    }

    /// A position in the column's UTF-8 bytes (`FittedJSON` reads whole JSON with it too).
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Steps over `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Steps over `"name":`.
        mutating func key(_ name: StaticString) -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            let count = name.utf8CodeUnitCount
            guard bytes.count - index > count else { return false }
            for offset in 0..<count where bytes[index + offset] != name.utf8Start[offset] { return false }
            index += count
            return take(UInt8(ascii: "\"")) && take(UInt8(ascii: ":"))
        }

        /// A non-negative whole number, as the writer gives a page (`JSONDecoder` reads the same digits).
        mutating func integer() -> Int? {
            var value = 0, digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard digits < 18 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }

        /// A string with JSON's escapes; nil for anything `JSONDecoder` would refuse or read otherwise.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            // Most strings have no escape: one copy of their bytes.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = escapedScalar() else { return nil }
                        out += Array(String(Character(scalar)).utf8)
                    default: return nil
                    }
                case ..<0x20: return nil
                default: out.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `\uXXXX` (the `\u` already read), a surrogate pair taken whole; nil for a lone half.
        private mutating func escapedScalar() -> Unicode.Scalar? {
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexUnit(), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(unit)
            }
        }

        private mutating func hexUnit() -> UInt32? {
            guard bytes.count - index >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                index += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
