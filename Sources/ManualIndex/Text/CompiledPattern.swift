import Foundation

/// A regular expression compiled once. `range(of:options: .regularExpression)` and
/// `replacingOccurrences(of:with:options: .regularExpression)` compile their pattern on each call, and
/// look it up in Foundation's cache under a key made by reflection: run for every question, every
/// follow-up it checks and every candidate sentence, that was a thirtieth of a question's time.
package struct CompiledPattern: @unchecked Sendable {
    // Shared between threads safely: an NSRegularExpression is immutable once made, and Foundation
    // documents it as safe to use from several threads at once.
    private let regex: NSRegularExpression

    /// `pattern` in ICU syntax, as `range(of:options: .regularExpression)` takes it.
    package init(_ pattern: String, caseInsensitive: Bool = false) {
        // The patterns are the code's own constants: one that does not compile is a programming error.
        regex = try! NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    /// Whether the pattern matches somewhere in `text`, as `text.range(of: pattern, options:
    /// .regularExpression) != nil` says.
    package func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, options: [], range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `text` with every match replaced by `template` ("$1" for the first group), as
    /// `replacingOccurrences(of:with:options: .regularExpression)` gives it.
    package func replacing(in text: String, with template: String) -> String {
        regex.stringByReplacingMatches(in: text, options: [], range: NSRange(text.startIndex..., in: text),
                                       withTemplate: template)
    }
}
