import ManualIndex
/// A name in the question that no manual of the library mentions: "ZX80A", "MicroPython", "fminsearch".
///
/// A question about a thing the library never names is not answered, however well its other words match:
/// "Does the uploader work with a ZX80A board?" retrieves the uploader's list of boards, and quoting it
/// would answer a question the manual does not. A word no manual uses is a name when it is written as one
/// (a digit, or a capital letter anywhere but at the start of the question) or when it is no word of the
/// embedding table's vocabulary (30,000 WordPiece entries and 47,500 English and technical words): a
/// function name, a product, or a misspelling, which the message then shows the asker. An everyday word
/// the manuals happen not to use ("cheap", "fob", "megohm") is the asker's phrasing: the guardrail leaves it
/// out of the coverage (`AnswerGenerator`) and lets the rest of the question decide.
///
/// On the development set this declines 10 of the 15 unanswerable questions and none that an answer
/// cited correctly before (docs/quality.md, seventh session).
struct UnknownName {
    /// The first word of `question` that is a name (see above) with a term in `unknownTerms` (terms no chunk
    /// of the library contains), as typed with its outer punctuation trimmed; nil when there is none.
    /// `vocabulary`: the embedding table's tokenizer; without it only words written as names count.
    static func first(in question: String, unknownTerms: Set<String>, vocabulary: WordPieceTokenizer? = nil) -> String? {
        guard !unknownTerms.isEmpty else { return nil }
        let words = question.split(whereSeparator: \.isWhitespace)
        // In a question typed in capitals or in Title Case a capital tells little: only one inside a word
        // ("MicroPython") and digits still do. The first word and "I" are capitalised in any question.
        let rest = words.dropFirst().filter { $0 != "I" }
        let capitalised = rest.filter { $0.first(where: \.isLetter)?.isUppercase == true }.count
        let capitalsTell = capitalised * 2 < rest.count
        var atStart = true
        var previous = "", previousAsTyped = ""
        for raw in words {
            let word = String(raw).trimmingOuterPunctuation
            defer {
                if !word.isEmpty { atStart = false }
                previous = word.lowercased()
                previousAsTyped = String(raw).lowercased()
            }
            // A number the asker chooses for a setting ("on port 2323", "baud rate 57600") is a value, not a name,
            // and so is the label the asker gives a line of their own input (".model QN NPN").
            guard !isChosenValue(word, after: previous), !isOwnLabel(after: previousAsTyped) else { continue }
            let terms = TextAnalyzer.terms(word)
            // A unit's name ("volts") is in no chunk when every amount is written "12 V" (`UnitNames`).
            guard terms.contains(where: unknownTerms.contains), !terms.allSatisfy(UnitNames.terms.contains),
                  !isInflectionOfAnother(word, terms: terms, unknownTerms: unknownTerms) else { continue }
            // A compound is judged by its unknown part: "well-known" by "known", not by its hyphen. A code
            // the analyser keeps whole ("RS-485" is "rs485") has no unknown part and is judged whole.
            let parts = word.split { !($0.isLetter || $0.isNumber) }.map(String.init)
            let unknownParts = parts.enumerated().filter { TextAnalyzer.terms($0.element).contains(where: unknownTerms.contains) }
            let judged = unknownParts.isEmpty ? [(word, atStart)] : unknownParts.map { ($0.element, atStart && $0.offset == 0) }
            for (part, first) in judged where isName(part, atStart: first, capitalsTell: capitalsTell, vocabulary: vocabulary) {
                return word
            }
        }
        return nil
    }

    /// Settings whose number the asker picks ("on port 2323", "a timeout 500"). After other words a number is
    /// a name as before ("error 37", "the 8051", "APC 1500"), and so is one after a preposition: "from 5 to
    /// 40 km/h" asks for a figure no manual may state.
    static let valueLeads: Set<String> = ["port", "baud", "address", "timeout", "delay", "speed", "rate", "size", "level"]

    /// A run of digits alone (no letter, dash or dot) after one of `valueLeads`.
    static func isChosenValue(_ word: String, after previous: String) -> Bool {
        !word.isEmpty && word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber) && valueLeads.contains(previous)
    }

    /// True after a dot command of the asker's own input (".model", ".subckt", ".param"): the word names what the
    /// asker declares ("I declared a bare .model QN NPN"), which no manual can mention.
    static func isOwnLabel(after previous: String) -> Bool {
        previous.count > 2 && previous.first == "." && previous.dropFirst().allSatisfy(\.isLetter)
    }

    /// Written as a name, or no word of the vocabulary.
    static func isName(_ word: String, atStart: Bool, capitalsTell: Bool = true, vocabulary: WordPieceTokenizer?) -> Bool {
        if isWrittenAsName(word, atStart: atStart, capitalsTell: capitalsTell) { return true }
        guard let vocabulary else { return false }
        return !isVocabularyWord(word, vocabulary) && !isPrefixedUnit(word, vocabulary) && !isDerivedWord(word, vocabulary)
    }

    /// Endings that make a word of another: "plottable" is "plot" that can be plotted.
    static let derivingSuffixes = ["ability", "ibility", "ization", "isation", "able", "ible", "ness", "less", "ment",
                                   "ful", "ize", "ise", "ify", "ally", "ly", "ing", "ed", "er"]

    /// True when `word` is a vocabulary word with an ending that derives another ("plottable", "resettable",
    /// "unplugging" is not: only endings count): no list holds every such word, and each says what its base
    /// says. The base may have dropped an "e" ("usable") or doubled its last letter ("plottable").
    static func isDerivedWord(_ word: String, _ vocabulary: WordPieceTokenizer) -> Bool {
        let lower = word.lowercased()
        guard lower.allSatisfy(\.isLetter) else { return false }
        for suffix in derivingSuffixes where lower.count >= suffix.count + 3 && lower.hasSuffix(suffix) {
            let base = String(lower.dropLast(suffix.count))
            var bases = [base, base + "e"]
            if let last = base.last, base.dropLast().last == last { bases.append(String(base.dropLast())) }
            if bases.contains(where: { $0.count >= 3 && isVocabularyWord($0, vocabulary) }) { return true }
        }
        return false
    }

    /// The decimal prefixes a unit takes. No word list holds every prefixed unit ("megohm", "milliohm",
    /// "kilohm" are not in the table's), but each is a unit of measure, not a name.
    static let unitPrefixes = ["yotta", "zetta", "exa", "peta", "tera", "giga", "mega", "kilo", "hecto", "deca",
                               "deci", "centi", "milli", "micro", "nano", "pico", "femto", "atto"]

    /// True when `word` is a decimal prefix and a vocabulary word: "milliohm", "microfarad", and "megohm" or
    /// "kilohm", which drop the prefix's last vowel before a vowel.
    static func isPrefixedUnit(_ word: String, _ vocabulary: WordPieceTokenizer) -> Bool {
        let lower = word.lowercased()
        for prefix in unitPrefixes {
            for written in [prefix, String(prefix.dropLast())] where lower.hasPrefix(written) {
                let unit = String(lower.dropFirst(written.count))
                if unit.count >= 3, isVocabularyWord(unit, vocabulary) { return true }
            }
        }
        return false
    }

    /// "PC's", "PDP-11s": a possessive or plural the stemmer keeps whole ("pcs", "pdp11s"), whose base word
    /// gives other terms, not known to be unknown; the manuals write "PC" and "PDP-11".
    /// `terms`: the word's own.
    static func isInflectionOfAnother(_ word: String, terms wordTerms: [String], unknownTerms: Set<String>) -> Bool {
        var base = word
        for suffix in ["'s", "\u{2019}s", "s"] where base.count > suffix.count + 1 && base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        guard base != word else { return false }
        let terms = TextAnalyzer.terms(base)
        return !terms.isEmpty && terms != wordTerms && !terms.contains(where: unknownTerms.contains)
    }

    /// True when `word` is one entry of the table's vocabulary ("cheap", "fob"), not several pieces
    /// ("fminsearch" is "fm", "##ins", "##ear", "##ch") or unknown.
    static func isVocabularyWord(_ word: String, _ vocabulary: WordPieceTokenizer) -> Bool {
        let pieces = vocabulary.ids(word)
        return pieces.count == 1 && pieces[0] != vocabulary.unknown
    }

    /// A digit anywhere, or a capital letter past the first character of the question (`atStart`: the word
    /// opens it). Where capitals tell little (`capitalsTell` false) only a capital after a small letter counts.
    static func isWrittenAsName(_ word: String, atStart: Bool, capitalsTell: Bool = true) -> Bool {
        if word.contains(where: \.isNumber) { return true }
        let letters = Array(word)
        guard capitalsTell else {
            return zip(letters, letters.dropFirst()).contains { $0.isLowercase && $1.isUppercase }
        }
        return letters.indices.contains { letters[$0].isUppercase && (!atStart || $0 > 0) }
    }
}

private extension String {
    /// The word without the punctuation around it ("(RP2040)?" -> "RP2040"); the punctuation inside stays.
    var trimmingOuterPunctuation: String {
        let isOuter: (Character) -> Bool = { !($0.isLetter || $0.isNumber) }
        guard let first = firstIndex(where: { !isOuter($0) }), let last = lastIndex(where: { !isOuter($0) }) else { return "" }
        return String(self[first...last])
    }
}
