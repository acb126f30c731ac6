/// Word lists live in this folder as text files with their source in their comments, one file a list.
/// Reads a word-list resource compiled into the build (`embedInCode` in Package.swift): UTF-8 text, one entry
/// a line; blank lines and lines starting with `#` (the list's source and notes) are skipped.
enum WordList {
    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let text = line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
            return text.isEmpty || text.first == "#" ? nil : String(text)
        }
    }
}
