import Foundation
import ManualIndex

/// The command-line options a question names, as written: "-O", "--no-spiceinit".
///
/// The term analyser drops one-letter words and folds case, so for "What does the -O option do?" both
/// channels see only "option", and every chunk of an option list scores alike. The option itself, matched
/// as a whole token with its case ("-O" is not "-o"), says which chunk and which row answer.
package struct NamedOptions {
    package let options: [String]
    /// Terms of the word written right before an option, the program it is given to: "escputil" in "What does the
    /// escputil -e option do?". A manual may describe several programs, each with its options.
    let programTerms: Set<String>

    package init(_ question: String) {
        let tokens = NamedOptions.tokens(question)
        options = tokens.filter(NamedOptions.isOption)
        programTerms = Set(zip(tokens, tokens.dropFirst()).filter { !NamedOptions.isOption($0.0) && NamedOptions.isOption($0.1) }
            .flatMap { TextAnalyzer.terms($0.0) })
    }

    package var isEmpty: Bool { options.isEmpty }

    /// True when `text` holds one of the options as a whole token.
    package func named(in text: String) -> Bool {
        options.contains { !NamedOptions.places(of: $0, in: text).isEmpty }
    }

    /// Where `option` stands in `text` as a whole token, as `tokens(_:)` would give it ("(-e)" yes,
    /// "a-e" or "-each" no), and whether it may start a sentence there (text start, or after ". ", ": ",
    /// a bullet). Byte by byte: tokenising every chunk that holds "-b" as a substring cost 20 ms a question.
    package static func places(of option: String, in text: String) -> [(offset: Int, startsSentence: Bool)] {
        let bytes = Array(text.utf8), needle = Array(option.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        // The length in bytes of the bullet (`ListMarker.isBullet`) whose last byte is at `last`, if one is.
        func bulletLength(endingAt last: Int) -> Int? {
            guard last >= 0, bytes[last] >= 0x80 else { return nil }
            var first = last
            while first > 0, last - first < 3, bytes[first] & 0xC0 == 0x80 { first -= 1 }
            guard let scalar = String(bytes: bytes[first...last], encoding: .utf8)?.first,
                  ListMarker.isBullet(scalar) else { return nil }
            return last - first + 1
        }
        var out: [(offset: Int, startsSentence: Bool)] = []
        var index = 0
        while index + needle.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) else { continue }
            let end = index + needle.count
            // A bullet drawn against its item ("●-e Display extended ink information") ends no word.
            guard index == 0 || !isWordByte(bytes[index - 1]) || bulletLength(endingAt: index - 1) != nil,
                  end == bytes.count || !isWordByte(bytes[end]) else { continue }
            // Back over spaces and a bullet to what ends the previous sentence.
            var back = index - 1
            while back >= 0, bytes[back] == UInt8(ascii: " ") { back -= 1 }
            if let bullet = bulletLength(endingAt: back) {
                back -= bullet
                while back >= 0, bytes[back] == UInt8(ascii: " ") { back -= 1 }
            }
            let starts = back < 0 || [UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "!"),
                                      UInt8(ascii: "?"), UInt8(ascii: "\n")].contains(bytes[back])
            out.append((index, starts && (end == bytes.count || bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\n"))))
        }
        return out
    }

    /// True when `text` is an option's own entry: it starts with one of the options, after any bullet, and
    /// goes on to say something ("-e Causes a chip erase to be executed."), where an example command line
    /// ("% avrdude -p m128 -e -U flash:w:diag.hex") or a passing mention only names it.
    /// An entry may be its option line alone, with the argument's placeholder ("-B bitclock"), the
    /// description following as the next sentence (`isBareEntry`).
    package func defined(in text: String) -> Bool {
        // Most sentences start with no option at all: a glance at their start spares splitting them.
        guard !options.isEmpty, text.prefix(8).contains("-") else { return false }
        let tokens = NamedOptions.leadingTokens(text)
        guard let first = tokens.first, options.contains(first), tokens.count >= 2 else { return false }
        return tokens.count >= 3 || NamedOptions.isPlaceholder(tokens[1])
    }

    /// True for an option line with at most its argument's placeholder: "-B bitclock", "-c programmer-id".
    package static func isBareEntry(_ text: String) -> Bool {
        let tokens = NamedOptions.leadingTokens(text)
        guard let first = tokens.first, isOption(first) else { return false }
        return tokens.count == 1 || (tokens.count == 2 && isPlaceholder(tokens[1]))
    }

    /// "bitclock", "programmer-id", "exitspec[,...]", "<n>", "memtype:op:filename[:format]": an argument's
    /// name, not a value ("flash:w:x.hex", "/dev/ttyS0", "m128") or another option. Optional parts in
    /// brackets mark a syntax, whatever separators it uses.
    private static func isPlaceholder(_ token: String) -> Bool {
        guard let first = token.first, first.isLetter || first == "<" || first == "[",
              token.contains(where: \.isLetter), !token.contains(where: \.isNumber) else { return false }
        return token.contains("[") || token.contains("<") || !token.contains(where: { ":/=\\".contains($0) })
    }

    /// True when the question asks about the options themselves ("What does the -e option do in avrdude?",
    /// "What is -B for?", "What does the escputil -e option do?"): besides the options' own letters, words for an
    /// option or its purpose, the program it is given to (`programTerms`) and `names` (the terms that name a
    /// manual), `terms` holds nothing. Then the option's own entry answers; a
    /// question about a detail ("does -x on a read-only card wipe it") is answered where the
    /// detail is.
    package func isTopic(ofQuestionTerms terms: [String], besides names: Set<String>) -> Bool {
        guard !options.isEmpty else { return false }
        let own = Set(options.flatMap(TextAnalyzer.terms)).union(programTerms)
        return terms.allSatisfy { own.contains($0) || names.contains($0) || NamedOptions.aboutWords.contains($0) }
    }

    /// Terms of the words a question about an option itself uses besides it.
    private static let aboutWords = Set(TextAnalyzer.terms(
        "option options flag flags switch switches argument arguments parameter parameters mean means meaning "
            + "purpose use used effect explain command line"))

    /// True when one of `sentences` is an option's own entry (`defined(in:)`).
    package func defined(in sentences: [Sentence]) -> Bool {
        sentences.contains { defined(in: $0.text) }
    }

    /// Dashes and stars that stand as a list's bullet when they stand alone (`ListMarker.isBullet` has the rest).
    private static let dashBullets: Set<String> = ["*", "–", "—"]

    /// `tokens(text)` from the first that is no bullet: an entry's option comes first after its bullet, which may
    /// be drawn against it ("●-e Display …").
    private static func leadingTokens(_ text: String) -> [String] {
        var leading = Array(tokens(text).drop { token in
            token.isEmpty || dashBullets.contains(token) || token.allSatisfy(ListMarker.isBullet)
        })
        if let first = leading.first, let mark = first.first, ListMarker.isBullet(mark) {
            leading[0] = String(first.drop(while: ListMarker.isBullet))
        }
        return leading
    }

    /// The whitespace-separated tokens of `text` with surrounding punctuation trimmed, hyphens and
    /// underscores kept: "-O," is "-O", "(hackrf_sweep)" is "hackrf_sweep".
    package static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace)
            .map { String($0.stripping { TrimSet.punctuation($0) && $0 != "-" && $0 != "_" }) }
    }

    /// "-s", "--step": a command-line option.
    package static func isOption(_ token: String) -> Bool {
        token.hasPrefix("-") && token.dropFirst().first.map { $0.isLetter || $0 == "-" } == true
    }
}
