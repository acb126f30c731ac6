import Foundation
import ManualIndex

/// "Which gear oil do I use in the mower?", "What battery does the key take?": a question asking which
/// product, grade or type to use, and the sentence that names one ("use SAE 80W-90 gear oil meeting API
/// GL-5", "a CR2032 cell", "unleaded, RON 95").
///
/// Such a question shares its words ("oil", "use") with every sentence about the thing: a warning about
/// used oil matches as well as the sentence naming the grade, and reads closer in meaning. What sets
/// the answer apart is the designation it states.
package enum Specification {
    /// True when the question asks what to use, need, take, put, fill or buy, or what kind, type or grade of
    /// a thing. ("What pressure is recommended?" asks for a value, not a designation: not one of these.)
    static func isAsked(in question: String) -> Bool {
        let lowered = question.lowercased()
        // Both expressions need "what" or "which": most questions are settled without running them.
        guard ASCIISearch.contains(lowered, "what") || ASCIISearch.contains(lowered, "which") else { return false }
        // Each expression also needs a word of its own: "What is the transient analysis?", the shape of
        // every follow-up checked, is settled without compiling either (a millisecond per process).
        // A verb inside another word ("input" holds "put") settles it too: compiling the first expression
        // in a process set up ICU's regular expressions, 5 % of such a question's instructions.
        return (verbs.contains { hasWord(lowered, $0) } && askingToUse.matches(lowered))
            || (ASCIISearch.contains(lowered, "of") && kinds.contains { ASCIISearch.contains(lowered, $0) }
                && askingKind.matches(lowered))
    }

    /// Whether `word` stands in `lowered` as `askingToUse` needs its verb: after a byte that may be white space
    /// and not followed by a letter, digit or underscore. A byte it cannot judge (not ASCII) counts as
    /// possible, so it never settles a question the expression would match.
    private static func hasWord(_ lowered: String, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f
        }
        return lowered.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count > needle.count else { return false }
            for start in 1...(bytes.count - needle.count) where bytes[start] == needle[0] {
                guard (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) else { continue }
                let before = bytes[start - 1], end = start + needle.count
                // "'" and "-" belong to the words before the verb, never to the white space before it.
                if isWordByte(before) || before == 0x27 || before == 0x2d { continue }
                if end < bytes.count && isWordByte(bytes[end]) { continue }
                return true
            }
            return false
        } ?? true
    }

    /// "what|which <thing> should|do|does|must|can|to <someone> use|need|take|buy|put|fill".
    /// The thing comes before the verb: "What do I need to do …" asks for steps.
    private static let askingToUse = CompiledPattern(
        #"^\s*(what|which)\s+((?!(should|do|does|did|must|can|will|is|are)\b)[\w'-]+\s+){1,5}(should|do|does|must|can|will|to)\s+([\w'-]+\s+){0,3}?(use|need|take|buy|put|fill)\b"#)
    /// "what kind of", "which grade of".
    private static let askingKind = CompiledPattern(#"\b(what|which)\s+(kind|kinds|type|types|grade|size|sort|brand)\s+of\b"#)

    /// The words `askingKind` needs one of.
    private static let kinds: [StaticString] = ["kind", "type", "grade", "size", "sort", "brand"]

    /// The verbs `askingToUse` ends with.
    private static let verbs: [StaticString] = ["use", "need", "take", "buy", "put", "fill"]

    /// The verbs of `askingToUse`, as terms: they ask, and name no topic.
    static let askingVerbs: Set<String> = Set(verbs.flatMap { TextAnalyzer.terms($0.description) })

    /// True when `text` states a designation the question does not already name: a word mixing letters and
    /// digits ("0W-20", "CR2032", "H7", "DB9-RJ45") or an acronym followed by its number ("RON 95", "DOT 4").
    /// `question`: its words, lowercased (`words(of:)`); "Ellipse MAX 1100" names the UPS the question asks
    /// a cable for, not a cable.
    /// A listing of "name: value" pairs (a program's output, a configuration dump: "battery.charge: 100
    /// device.serial: ADKK22008 …") states the values of one machine, not what to use, and is no designation.
    package static func isStated(in text: String, besides question: Set<Substring>) -> Bool {
        let words = text.split(whereSeparator: isSeparator)
        guard words.count(where: { $0.count > 1 && $0.last == ":" }) < 3 else { return false }
        var previousIsAcronym = false
        for word in words {
            let core = word.stripping { $0 == "." || $0 == ":" }
            guard !question.contains(Substring(core.lowercased())) else {
                previousIsAcronym = false
                continue
            }
            let letters = core.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
            let digits = core.unicodeScalars.contains { $0.value >= 0x30 && $0.value <= 0x39 }
            if letters && digits { return true }
            if previousIsAcronym && digits && core.first?.isNumber == true { return true }
            previousIsAcronym = core.count >= 2 && core.unicodeScalars.allSatisfy { $0.value >= 0x41 && $0.value <= 0x5A }
        }
        return false
    }

    /// The words of `question`, lowercased, split as `isStated` splits a sentence.
    package static func words(of question: String) -> Set<Substring> {
        Set(question.lowercased().split(whereSeparator: isSeparator).map {
            $0.stripping { $0 == "." || $0 == ":" || $0 == "?" }
        })
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "," || character == ";" || character == "(" || character == ")" || character == "|"
    }
}
