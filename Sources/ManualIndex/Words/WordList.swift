/// Word lists live in this folder as text files with their source in their comments, one file a list.
/// Reads a word-list resource compiled into the build (`embedInCode` in Package.swift): UTF-8 text, one entry
/// a line; blank lines and lines starting with `#` (the list's source and notes) are skipped, and ASCII
/// spaces, tabs and carriage returns around an entry are dropped.
///
/// Works on the bytes: every process reads the lists once, before its first question, and walking them
/// as `Character`s (grapheme breaking, then reversing twice to trim) was a twentieth of a whole `manual
/// query` process.
package enum WordList {
    package static func lines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let first = line.firstIndex(where: { !isSpace($0) }),
                  let last = line.lastIndex(where: { !isSpace($0) }),
                  line[first] != UInt8(ascii: "#") else { return nil }
            return String(decoding: line[first...last], as: UTF8.self)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
