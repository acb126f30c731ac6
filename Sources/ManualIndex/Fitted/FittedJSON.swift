/// The JSON of the compiled fitted parameters (`FittedAnswerWeights`, `FittedFusionWeights`), read without
/// `JSONDecoder`: decoding them was a fiftieth of every `manual query` process, nearly all of it the Swift
/// runtime looking up the decoder's generic types for the first time. The parameters are objects of numbers
/// and strings; this reads JSON's whole grammar, numbers as `Double(_:)` reads them (correctly rounded, as
/// `JSONDecoder` does), and `FittedJSONTests` holds both readers to the same values.
package enum FittedJSON: Equatable {
    case object([String: FittedJSON])
    case array([FittedJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The value of `text`, nil unless it is one JSON value (white space around it allowed).
    package static func parse(_ text: String) -> FittedJSON? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = StoredJSONReader.Cursor(bytes: bytes)
            guard let value = reader.value() else { return nil }
            reader.skipSpace()
            return reader.atEnd ? value : nil
        }
    }

    package subscript(key: String) -> FittedJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    package var string: String? { if case .string(let s) = self { return s } else { return nil } }

    /// An object of numbers as a dictionary; nil when it is anything else.
    package var numbers: [String: Double]? { members(\.number) }

    /// An object of strings as a dictionary; nil when it is anything else.
    package var stringsByKey: [String: String]? { members(\.string) }

    /// An object whose every member `read` reads, as a dictionary; nil when it is anything else.
    private func members<T>(_ read: (FittedJSON) -> T?) -> [String: T]? {
        guard case .object(let members) = self else { return nil }
        var out: [String: T] = [:]
        for (key, value) in members {
            guard let item = read(value) else { return nil }
            out[key] = item
        }
        return out
    }

    /// An array of strings; nil when it is anything else.
    package var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        let out = items.compactMap(\.string)
        return out.count == items.count ? out : nil
    }

}

/// JSON's whole grammar over the cursor `StoredJSONReader` reads its columns with (whose `string()` reads
/// a string with JSON's escapes).
extension StoredJSONReader.Cursor {
    package mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    package mutating func value() -> FittedJSON? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(FittedJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: FittedJSON) -> FittedJSON? {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { return nil }
        index = end
        return value
    }

    private mutating func object() -> FittedJSON? {
        index += 1
        var members: [String: FittedJSON] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")), let value = value() else { return nil }
            members[key] = value
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array() -> FittedJSON? {
        index += 1
        var items: [FittedJSON] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value() else { return nil }
            items.append(item)
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// A number by JSON's grammar, read by `Double(_:)`.
    private mutating func number() -> FittedJSON? {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard !text.isEmpty, text.first != "+", let number = Double(text), number.isFinite else { return nil }
        return .number(number)
    }
}
