/// Splits prose into sentences the way manuals need it, in one linear pass.
///
/// A full stop ends a sentence only when whitespace follows and the next word does not start in
/// lowercase (unless a plain word ends before it: `opensLowercase`), so decimals ("2.5 bar"), versions
/// ("v1.2.3"), paths ("/dev/spidev0.0") and abbreviations ("e.g.", "approx.", "No. 5") stay whole. Inline bullets start a new unit, and a
/// line break after a short unpunctuated line (a caption or label) ends one.
struct SentenceSplitter: Sendable {
    /// A line this short without final punctuation, followed by a capitalised line, stands alone.
    private let shortLineLength = 60

    /// The sentences of `text`, trimmed, none empty.
    func split(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return split(scalars).map { String(scalars: scalars[$0]) }
    }

    /// Sentence ranges in `scalars`, trimmed of surrounding whitespace, none empty.
    func split(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let n = scalars.count
        var start = 0
        var letters = 0       // letters in scalars[start..<i], so short markers like "1." never stand alone
        var lineStart = 0     // where the current line began, for the short-line rule
        var i = 0

        func emit(_ from: Int, _ to: Int) {
            var a = from, b = to
            while a < b && isSpace(scalars[a]) { a += 1 }
            while b > a && isSpace(scalars[b - 1]) { b -= 1 }
            if a < b { ranges.append(a..<b) }
        }
        func restart(at index: Int) {
            start = index
            letters = 0
            i = index
        }

        while i < n {
            let c = scalars[i]
            if c == "\n" {
                let after = skipSpace(scalars, from: i)
                if after.next < n, endsUnitAtLineBreak(scalars, newline: i, lineStart: lineStart,
                                                       next: after.next, blank: after.newlines >= 2) {
                    emit(start, i)
                    restart(at: after.next)
                } else {
                    i = after.next
                }
                lineStart = after.lineStart
                continue
            }
            if isInlineBullet(c), i > start, isSpace(scalars[i - 1]), i + 1 < n, isSpace(scalars[i + 1]) {
                emit(start, i)
                restart(at: i)
                i += 1
                continue
            }
            guard isTerminator(c), !isOptionArgument(scalars, at: i) else {
                if ScalarClass.isAlphabetic(c) { letters += 1 }
                i += 1
                continue
            }
            var end = i + 1
            while end < n && (isTerminator(scalars[end]) || isCloser(scalars[end])) { end += 1 }
            guard end < n else { break }
            guard isSpace(scalars[end]) else {
                i = end
                continue
            }
            let after = skipSpace(scalars, from: end)
            guard after.next < n else { break }
            if after.newlines > 0 { lineStart = after.lineStart }
            // A blank line ends a unit whatever stands before it.
            if after.newlines >= 2 || endsSentence(scalars, stop: i, runEnd: end, next: after.next, letters: letters) {
                emit(start, end)
                restart(at: after.next)
            } else {
                i = after.next
            }
        }
        emit(start, n)
        return ranges
    }

    /// Whether the stop at `stop` (its run of stops and closing marks ending at `runEnd`) ends the
    /// sentence, given that `next` is the first character after the following whitespace.
    private func endsSentence(_ s: [Unicode.Scalar], stop: Int, runEnd: Int, next: Int, letters: Int) -> Bool {
        let following = s[next]
        if ScalarClass.isLowercase(following) { return opensLowercase(s, stop: stop, runEnd: runEnd, letters: letters) }
        switch following {
        case ",", ";", ":", ")", "]", "}": return false
        default: break
        }
        // Spaced ellipses and dot leaders (". . .") are not sentence ends.
        if isTerminator(following) { return false }
        guard letters >= 2 else { return false }
        let run = s[stop..<runEnd]
        if run.contains("!") || run.contains("?") { return true }
        if run.filter({ $0 == "." || $0 == "\u{2026}" }).count >= 2 || run.first == "\u{2026}" {
            return ScalarClass.isUppercase(following) || ScalarClass.isNumeric(following)
        }
        let word = wordBefore(s, stop: stop)
        if Abbreviations.neverFinal.contains(word) { return false }
        if Abbreviations.beforeNumber.contains(word) { return !ScalarClass.isNumeric(following) && following != "(" }
        if Abbreviations.finalBeforeCapital.contains(word) { return ScalarClass.isUppercase(following) }
        return true
    }

    /// Technical prose opens sentences with lowercase names ("… are solved iteratively. uic (use initial
    /// conditions) is an optional keyword …", "… in the current directory. avrdude then reads …"): a
    /// lowercase word starts a sentence after a single full stop that ends a plain word of four letters
    /// or more that is no abbreviation ("approx. the middle", "Wait... then" go on).
    private func opensLowercase(_ s: [Unicode.Scalar], stop: Int, runEnd: Int, letters: Int) -> Bool {
        guard letters >= 2, runEnd == stop + 1, s[stop] == "." else { return false }
        let word = wordBefore(s, stop: stop)
        guard word.unicodeScalars.count >= 4, word.unicodeScalars.allSatisfy(ScalarClass.isAlphabetic) else { return false }
        return !Abbreviations.neverFinal.contains(word) && !Abbreviations.beforeNumber.contains(word)
            && !Abbreviations.finalBeforeCapital.contains(word)
    }

    /// A line break ends a unit after a blank line, or after a short line without final punctuation
    /// when the next line starts with a capital, a digit or a bullet.
    private func endsUnitAtLineBreak(_ s: [Unicode.Scalar], newline: Int, lineStart: Int, next: Int, blank: Bool) -> Bool {
        if blank { return true }
        var last = newline - 1
        while last >= lineStart && isSpace(s[last]) { last -= 1 }
        guard last >= lineStart, newline - lineStart <= shortLineLength else { return false }
        if isTerminator(s[last]) || ",;:-".unicodeScalars.contains(s[last]) { return false }
        let following = s[next]
        return ScalarClass.isUppercase(following) || ScalarClass.isNumeric(following) || isInlineBullet(following)
    }

    /// The first non-space index at or after `from`, how many line breaks the space held and
    /// where the last line among them starts.
    private func skipSpace(_ s: [Unicode.Scalar], from: Int) -> (next: Int, newlines: Int, lineStart: Int) {
        var next = from, newlines = 0, lineStart = from
        while next < s.count && isSpace(s[next]) {
            if s[next] == "\n" {
                newlines += 1
                lineStart = next + 1
            }
            next += 1
        }
        return (next, newlines, lineStart)
    }

    /// The word ending at the full stop, lowercased, without opening brackets or quotes.
    private func wordBefore(_ s: [Unicode.Scalar], stop: Int) -> String {
        var a = stop
        while a > 0 && !isSpace(s[a - 1]) && stop - a < 24 { a -= 1 }
        while a < stop && "([{\"'\u{201C}\u{2018}".unicodeScalars.contains(s[a]) { a += 1 }
        return String(scalars: s[a..<stop]).lowercased()
    }

    private func isSpace(_ c: Unicode.Scalar) -> Bool { ScalarClass.isWhitespace(c) }
    /// True for a "?" given to an option as its argument ("Specify -c ? to list all programmers"): the
    /// option's letter and a space stand before it, and the sentence goes on.
    private func isOptionArgument(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        guard scalars[i] == "?", i >= 3, scalars[i - 1] == " " else { return false }
        var start = i - 1
        while start > 0, !isSpace(scalars[start - 1]) { start -= 1 }
        let token = scalars[start..<(i - 1)]
        return (2...3).contains(token.count) && token.first == "-" && token.dropFirst().allSatisfy(ScalarClass.isAlphabetic)
    }

    private func isTerminator(_ c: Unicode.Scalar) -> Bool { c == "." || c == "!" || c == "?" || c == "\u{2026}" }
    private func isCloser(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ")", "]", "}", "\"", "'", "\u{201D}", "\u{2019}", "\u{00BB}": return true
        default: return false
        }
    }
    private func isInlineBullet(_ c: Unicode.Scalar) -> Bool {
        // Checked for every character: ASCII, nearly all of them, is answered by the first test.
        guard c.value >= 0x2000 else { return false }
        switch c {
        case "•", "●", "▪", "◦", "■", "□", "►", "▶", "➢", "➤": return true
        default: return false
        }
    }
}
