import Foundation
import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion
@testable import ManualRetrieval

/// The answer stage's own trimming, searching and compiled patterns replace Foundation calls that were a
/// tenth of a question's time. They must give Foundation's results, or answers would change: each is
/// checked against Foundation on text chosen to tell the sets apart.
@Suite struct FoundationFreeTextTests {
    private let samples = [
        "", " ", "\t\t", "plain", "  Usage: wr3-scan [-b BAND]  ", "\u{00A0}no-break space\u{00A0}",
        "ideographic\u{3000}", "\u{2028}line separator\u{2029}", "next line\u{0085}", "\r\nCRLF\r\n",
        "\u{000B}vertical tab\u{000C}", "e\u{0301} ", " \u{0301}mark", "“quoted”", "(hackrf_sweep),", "-O,",
        "--no-spiceinit.", "¿qué?", "«chevrons»", "emoji 🔋 ", "…ellipsis…", "‘section_config’", "0W-20.",
        "DOT 4:", "_under_", "---", "¡", "CJK 中文。",
    ]

    @Test func strippingGivesFoundationsTrimming() {
        let noHyphen = CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "-_"))
        for text in samples {
            #expect(String(text.strippingSpaces) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
            #expect(String(text.strippingSpacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.debugDescription)")
            #expect(String(text.stripping { TrimSet.punctuation($0) && $0 != "-" && $0 != "_" })
                    == text.trimmingCharacters(in: noHyphen), "\(text.debugDescription)")
            #expect(String(text.stripping { $0 == "." || $0 == ":" }) == text.trimmingCharacters(in: CharacterSet(charactersIn: ".:")),
                    "\(text.debugDescription)")
        }
    }

    @Test func caseInsensitiveSearchGivesFoundations() {
        let texts = samples + ["The DEFAULT mode", "by Default", "defaul t", "Initial value", "INITIALISE", "déFAULT",
                               "Standard: default", "de\u{0301}fault", "initia", "ﬁnitial"]
        for text in texts {
            for needle: StaticString in ["default", "initial"] {
                #expect(ASCIISearch.containsIgnoringCase(text, needle)
                        == (text.range(of: needle.description, options: .caseInsensitive) != nil),
                        "\(text.debugDescription) \(needle)")
            }
        }
    }

    /// A phrase made at run time (`ExpectedValue`'s " how much ") is found where Foundation finds it, in any text.
    @Test func phraseSearchGivesFoundations() {
        let texts = samples + [" how much does it cost ", " how  much ", " somehow muchness ", " how much", " café how much ",
                               " how much\u{0301} ", " capacity ", ""]
        for text in texts {
            for phrase in [" how much ", " capacity ", " cost "] {
                #expect(ASCIISearch.contains(text, phrase: phrase) == text.contains(phrase), "\(text.debugDescription) \(phrase)")
            }
        }
    }

    @Test func compiledPatternsGiveFoundationsMatches() {
        let pattern = #"\b(same|every|each|any|at a|at one)\s+time\b"#
        let compiled = CompiledPattern(pattern, caseInsensitive: true)
        for text in ["Can I run two at the same time?", "EVERY  TIME it starts", "timeout", "one at a time", "sometime", "",
                     "é at a time ü"] {
            #expect(compiled.replacing(in: text, with: "$1")
                    == text.replacingOccurrences(of: pattern, with: "$1", options: [.regularExpression, .caseInsensitive]),
                    "\(text)")
            #expect(compiled.matches(text) == (text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil),
                    "\(text)")
        }
        let caseSensitive = CompiledPattern(#"^\s*what\b"#)
        #expect(caseSensitive.matches("what oil"))
        #expect(!caseSensitive.matches("What oil"))
    }

    /// Questions are edited word by word without the expressions when they are ASCII; the result is the
    /// expressions' own.
    @Test func idiomsAreDroppedAsTheExpressionsDropThem() {
        let questions = [
            "Can I run two at the same time?", "EVERY  TIME it starts", "each\ttime", "any time, any time", "at a time",
            "at  a time", "at one time or another", "at any time", "x_each time", "2each time", "each time_", "each timer",
            "sometime", "every time time", "same\ntime", "same-time", "time", "", "at a\ttime", "How close must the key be?",
            "how  close", "howclose", "HOW CLOSE", "close how close", "how close-up", "how, close", "somehow close",
        ]
        for question in questions {
            #expect(QuestionTerms.withoutTimeIdioms(question) == QuestionTerms.timeIdiom.replacing(in: question, with: "$1"),
                    "\(question.debugDescription)")
            #expect(QuestionTerms.withoutHowClose(question) == QuestionTerms.howClose.replacing(in: question, with: "how"),
                    "\(question.debugDescription)")
        }
        #expect(QuestionTerms.withoutTimeIdioms("Can I charge at the same time?") == "Can I charge at the same?")
        #expect(WordAfterLead.dropping("time", after: [["each"]], in: "each time é") == nil)
    }

    /// A setting missing from the memo key would let a follow-up checked under one setting be reused under
    /// another.
    @Test func theMemoKeyHasEverySetting() {
        let settings = RetrievalSettings()
        #expect(settings.memoKey.split(separator: " ").count == Mirror(reflecting: settings).children.count)
        var changed = settings
        changed.rerankDepth = 5
        #expect(changed.memoKey != settings.memoKey)
        changed = settings
        changed.optionWeight = 0
        #expect(changed.memoKey != settings.memoKey)
    }
}
