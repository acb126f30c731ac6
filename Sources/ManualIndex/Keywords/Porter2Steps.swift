/// The Porter2 suffix steps, in the order and with the conditions of the Snowball English definition.
extension Porter2Word {
    /// Runs the whole algorithm on a word of three or more letters.
    mutating func run() {
        prepare()
        markRegions()
        step0()
        step1a()
        if !Porter2Exceptions.isInvariantAfterStep1a(letters) {
            step1b()
            step1c()
            step2()
            step3()
            step4()
            step5()
        }
        finish()
    }

    /// Suffix tables ordered longest first so the first hit is Porter2's "longest matching suffix".
    private static func table<Rule>(_ rows: [(String, Rule)]) -> [(suffix: [UInt8], rule: Rule)] {
        rows.map { (suffix: Array($0.0.utf8), rule: $0.1) }
            .sorted { $0.suffix.count > $1.suffix.count }
    }

    private static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    // MARK: Step 0: possessive apostrophes

    private static let step0Suffixes = table([("'s'", ()), ("'s", ()), ("'", ())])

    mutating func step0() {
        if let hit = longestSuffix(in: Self.step0Suffixes) { truncate(to: hit.start) }
    }

    // MARK: Step 1a: plurals

    private enum Step1aRule { case sses, ies, keep, s }
    private static let step1aSuffixes = table([
        ("sses", Step1aRule.sses), ("ied", .ies), ("ies", .ies), ("us", .keep), ("ss", .keep), ("s", .s),
    ])

    mutating func step1a() {
        guard let hit = longestSuffix(in: Self.step1aSuffixes) else { return }
        switch hit.rule {
        case .sses:
            truncate(to: hit.start + 2)
        case .ies:
            // "cries" -> "cri" but "ties" -> "tie": keep the e when only one letter precedes.
            replace(from: hit.start, with: hit.start > 1 ? Self.bytes("i") : Self.bytes("ie"))
        case .keep:
            break
        case .s:
            // Delete only when a vowel occurs before the letter preceding the s ("gaps" -> "gap", "gas" stays).
            if hit.start >= 1 && containsVowel(before: hit.start - 1) { truncate(to: hit.start) }
        }
    }

    // MARK: Step 1b: -ed, -ing, -eed

    private enum Step1bRule { case eed, ed }
    private static let step1bSuffixes = table([
        ("eedly", Step1bRule.eed), ("eed", .eed),
        ("ingly", .ed), ("edly", .ed), ("ing", .ed), ("ed", .ed),
    ])
    private static let step1bRestoreE: [[UInt8]] = ["at", "bl", "iz"].map { Array($0.utf8) }
    private static let doubles: [[UInt8]] = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"].map { Array($0.utf8) }

    mutating func step1b() {
        guard let hit = longestSuffix(in: Self.step1bSuffixes) else { return }
        switch hit.rule {
        case .eed:
            if hit.start >= r1 { replace(from: hit.start, with: Self.bytes("ee")) }
        case .ed:
            guard containsVowel(before: hit.start) else { return }
            truncate(to: hit.start)
            if Self.step1bRestoreE.contains(where: { hasSuffix($0) }) {
                append(UInt8(ascii: "e"))
            } else if Self.doubles.contains(where: { hasSuffix($0) }) {
                truncate(to: count - 1)
            } else if count == r1 && endsWithShortSyllable(count) {
                // A short word ("hop" from "hoping") gets its e back.
                append(UInt8(ascii: "e"))
            }
        }
    }

    // MARK: Step 1c: final y

    mutating func step1c() {
        guard count > 2 else { return }
        let last = letter(at: count - 1)
        guard last == UInt8(ascii: "y") || last == Self.consonantY else { return }
        if !Self.isVowel(letter(at: count - 2)) {
            replace(from: count - 1, with: Self.bytes("i"))
        }
    }

    // MARK: Step 2: derivational suffixes in R1

    private enum Step2Rule { case replace([UInt8]), ogi, li }
    private static let step2Suffixes: [(suffix: [UInt8], rule: Step2Rule)] = table([
        ("tional", .replace(bytes("tion"))), ("enci", .replace(bytes("ence"))), ("anci", .replace(bytes("ance"))),
        ("abli", .replace(bytes("able"))), ("entli", .replace(bytes("ent"))),
        ("izer", .replace(bytes("ize"))), ("ization", .replace(bytes("ize"))),
        ("ational", .replace(bytes("ate"))), ("ation", .replace(bytes("ate"))), ("ator", .replace(bytes("ate"))),
        ("alism", .replace(bytes("al"))), ("aliti", .replace(bytes("al"))), ("alli", .replace(bytes("al"))),
        ("fulness", .replace(bytes("ful"))), ("ousli", .replace(bytes("ous"))), ("ousness", .replace(bytes("ous"))),
        ("iveness", .replace(bytes("ive"))), ("iviti", .replace(bytes("ive"))),
        ("biliti", .replace(bytes("ble"))), ("bli", .replace(bytes("ble"))),
        ("ogi", .ogi), ("fulli", .replace(bytes("ful"))), ("lessli", .replace(bytes("less"))), ("li", .li),
    ])

    /// Letters after which "li" is an adverb ending.
    private static func isValidLiEnding(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "h"),
             UInt8(ascii: "k"), UInt8(ascii: "m"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        default:
            return false
        }
    }

    mutating func step2() {
        guard let hit = longestSuffix(in: Self.step2Suffixes), hit.start >= r1 else { return }
        switch hit.rule {
        case .replace(let replacement):
            replace(from: hit.start, with: replacement)
        case .ogi:
            if hit.start >= 1 && letter(at: hit.start - 1) == UInt8(ascii: "l") {
                replace(from: hit.start, with: Self.bytes("og"))
            }
        case .li:
            if hit.start >= 1 && Self.isValidLiEnding(letter(at: hit.start - 1)) { truncate(to: hit.start) }
        }
    }

    // MARK: Step 3: more derivational suffixes in R1

    private enum Step3Rule { case replace([UInt8]), delete, deleteInR2 }
    private static let step3Suffixes: [(suffix: [UInt8], rule: Step3Rule)] = table([
        ("tional", .replace(bytes("tion"))), ("ational", .replace(bytes("ate"))), ("alize", .replace(bytes("al"))),
        ("icate", .replace(bytes("ic"))), ("iciti", .replace(bytes("ic"))), ("ical", .replace(bytes("ic"))),
        ("ful", .delete), ("ness", .delete), ("ative", .deleteInR2),
    ])

    mutating func step3() {
        guard let hit = longestSuffix(in: Self.step3Suffixes), hit.start >= r1 else { return }
        switch hit.rule {
        case .replace(let replacement): replace(from: hit.start, with: replacement)
        case .delete: truncate(to: hit.start)
        case .deleteInR2: if hit.start >= r2 { truncate(to: hit.start) }
        }
    }

    // MARK: Step 4: residual suffixes in R2

    private enum Step4Rule { case delete, ion }
    private static let step4Suffixes: [(suffix: [UInt8], rule: Step4Rule)] = table(
        ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti",
         "ous", "ive", "ize"].map { ($0, Step4Rule.delete) } + [("ion", .ion)]
    )

    mutating func step4() {
        guard let hit = longestSuffix(in: Self.step4Suffixes), hit.start >= r2 else { return }
        switch hit.rule {
        case .delete:
            truncate(to: hit.start)
        case .ion:
            if hit.start >= 1 {
                let before = letter(at: hit.start - 1)
                if before == UInt8(ascii: "s") || before == UInt8(ascii: "t") { truncate(to: hit.start) }
            }
        }
    }

    // MARK: Step 5: final e and ll

    mutating func step5() {
        guard count > 0 else { return }
        let end = count - 1
        switch letter(at: end) {
        case UInt8(ascii: "e"):
            if end >= r2 || (end >= r1 && !endsWithShortSyllable(end)) { truncate(to: end) }
        case UInt8(ascii: "l"):
            if end >= r2 && end >= 1 && letter(at: end - 1) == UInt8(ascii: "l") { truncate(to: end) }
        default:
            break
        }
    }
}
