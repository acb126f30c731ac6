import Foundation

/// A text as a dictionary key by its UTF-8 bytes, not by Swift's `String` equality.
///
/// A `String` key compares and hashes by canonical equivalence: a text with any non-ASCII character
/// (a manual's quotes, dashes and bullets) is checked for normal form, scalar by scalar, every time it
/// is hashed or compared. The memos' keys are whole passages and sentences, and that check was a
/// thirtieth of a question. Bytes are also the stricter key: a memo then answers a text only with what
/// was computed from that very text, never from another spelling of it.
struct ExactText: Hashable {
    let text: String

    static func == (left: ExactText, right: ExactText) -> Bool {
        var left = left.text, right = right.text
        return left.withUTF8 { a in
            right.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
