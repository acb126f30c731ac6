/// Makes a string from a PDF's own metadata (title, author, subject, bookmarks, page labels) safe to store
/// and print: whatever bytes the file holds, the result is one line of valid Unicode without control
/// characters, so a title cannot break a terminal (escape sequences), the JSON output or a table.
enum MetadataText {
    /// The cleaned string, or nil when nothing printable is left.
    static func clean(_ raw: String?) -> String? {
        guard var text = raw else { return nil }
        text = decodingUTF8BOM(text)
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                // Tabs and line breaks become spaces; other control characters vanish.
                if scalar.properties.isWhitespace { pendingSpace = !out.isEmpty }
                continue
            }
            // Bidi embeddings, overrides and isolates can make printed text read differently from what it is.
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return out.isEmpty ? nil : String(out)
    }

    /// PDF 2.0 allows UTF-8 text strings that start with a byte order mark; poppler 22 reads them as
    /// PDFDocEncoding, so "Title" arrives as "ï»¿Title" (or worse for non-ASCII). Map the characters back
    /// to their bytes and decode those as UTF-8, invalid sequences becoming U+FFFD.
    static func decodingUTF8BOM(_ text: String) -> String {
        guard text.hasPrefix("\u{EF}\u{BB}\u{BF}") else { return text }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars.dropFirst(3) {
            if let byte = pdfDocByte[scalar.value] {
                bytes.append(byte)
            } else if scalar.value < 0x100 {
                bytes.append(UInt8(scalar.value))
            } else {
                return text
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The code points PDFDocEncoding gives to bytes 0x18-0x1F and 0x80-0xA0, mapped back to the bytes.
    private static let pdfDocByte: [UInt32: UInt8] = {
        let high: [UInt32] = [
            0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039, 0x203A, 0x2212, 0x2030,
            0x201E, 0x201C, 0x201D, 0x2018, 0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141, 0x0152, 0x0160,
            0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E,
        ]
        let low: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
        var map: [UInt32: UInt8] = [0x20AC: 0xA0]
        for (offset, value) in high.enumerated() { map[value] = UInt8(0x80 + offset) }
        for (offset, value) in low.enumerated() { map[value] = UInt8(0x18 + offset) }
        return map
    }()
}
