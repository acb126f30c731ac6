/// Writes the JSON columns of a chunk row byte for byte as `JSONEncoder` with sorted keys and unescaped
/// slashes does, several times faster: the single writer encodes every sentence of every document, and
/// Foundation's encoder was the largest serial cost of a batch after SQLite itself.
enum StoredJSON {
    /// `["a","b"]`
    static func strings(_ values: [String]) -> String {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            appendString(value, to: &out)
        }
        out += "]"
        return out
    }

    /// `[1,2,3]`, for a statement over `json_each(?)`.
    static func integers(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// `[{"kind":"body","lastPage":3,"page":3,"text":"..."}]`, keys in `Sentence`'s sorted order.
    static func sentences(_ sentences: [Sentence]) -> String {
        var out = "["
        out.reserveCapacity(sentences.reduce(2) { $0 + $1.text.utf8.count + 48 })
        for (index, sentence) in sentences.enumerated() {
            if index > 0 { out += "," }
            out += "{\"kind\":\""
            out += sentence.kind.rawValue
            out += "\",\"lastPage\":"
            out += String(sentence.lastPage)
            out += ",\"page\":"
            out += String(sentence.page)
            out += ",\"text\":"
            appendString(sentence.text, to: &out)
            out += "}"
        }
        out += "]"
        return out
    }

    private static func appendString(_ value: String, to out: inout String) {
        out += "\""
        let utf8 = value.utf8
        // Most text needs no escaping at all: copy it in one piece.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += value
        } else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 16)
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
            out += String(decoding: bytes, as: UTF8.self)
        }
        out += "\""
    }
}
