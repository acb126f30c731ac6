import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

/// British and American spellings of one word are one term, and the full-text search looks for both: a
/// library may hold manuals written either way.
@Suite(.serialized) struct SpellingVariantsTests {
    /// The sample manual writes "colour"; the radio guide "color".
    static let library = FixtureLibrary([Fixtures.sampleManual, Fixtures.radioGuide])

    @Test func bothSpellingsAreOneTerm() {
        #expect(TextAnalyzer.terms("colours grey tyres centre behaviour initialised")
                == TextAnalyzer.terms("colors gray tires center behavior initialized"))
        // Words that only look alike stay apart: a British stem another word shares is not folded.
        #expect(TextAnalyzer.terms("programmer") != TextAnalyzer.terms("program"))
        #expect(TextAnalyzer.terms("calibration") != TextAnalyzer.terms("caliber"))
        #expect(TextAnalyzer.terms("disc") != TextAnalyzer.terms("disk"))
        #expect(TextAnalyzer.terms("metre") != TextAnalyzer.terms("meter"))
    }

    @Test func aShortFormIsItsWordsTerm() {
        // The kettle guide's "MAX mark" is found by "maximum"; "min" stays apart, for it is as often minutes.
        #expect(TextAnalyzer.terms("the MAX mark") == TextAnalyzer.terms("the maximum mark"))
        #expect(TextAnalyzer.terms("min") != TextAnalyzer.terms("minimum"))
        #expect(KeywordQuery("maximum").matchExpression == "\"maximum\" OR \"max\"")
        #expect(KeywordQuery("max").matchExpression == "\"max\" OR \"maximum\"")
    }

    @Test func theFullTextSearchLooksForEverySpelling() {
        #expect(KeywordQuery("backlight colours").matchExpression == "\"backlight\" OR \"colours\" OR \"color\"")
        #expect(KeywordQuery("gray").matchExpression == "\"gray\" OR \"grey\"")
        #expect(KeywordQuery("programmer").matchExpression == "\"programmer\"")
    }

    @Test func aQuestionInOneSpellingFindsTheManualWrittenInTheOther() throws {
        // "colours" is in the library (the car's manual), so it is searched as typed; the radio guide's
        // "color" is matched by the keyword channel too, not by meaning alone.
        let answer = try Self.library.library.ask("What backlight colours can the radio display show?", record: false).answer
        let first = try #require(answer.results.first)
        #expect(first.file == "radio-guide.pdf" && (first.firstPage...first.lastPage).contains(3),
                "\(answer.results.map { ($0.file, $0.firstPage) })")
        #expect(first.keywordScore > 0 && first.matchedTerms.contains("color"), "\(first.matchedTerms)")
        #expect(answer.answer.hasPrefix("The display backlight color can be set to white or blue"), "\(answer.answer)")
    }

    /// The word lists are read from their bytes: comments and blank lines skipped, spaces around an entry
    /// dropped, the spaces inside it kept; and the compiled-in lists come out whole.
    @Test func wordListsReadTheirEntries() {
        let text = "# source: a note\n\n  colour color \t\r\n\tgrey gray\n   \n#tyre tire\nmaximum max"
        #expect(WordList.lines(Array(text.utf8)) == ["colour color", "grey gray", "maximum max"])
        #expect(SpellingVariants.pairs.count > 100 && SpellingVariants.pairs.allSatisfy { !$0.british.isEmpty })
        #expect(SpellingVariants.pairs.contains { $0 == ("color", "colour") })
        #expect(WordEquivalents.groups.count > 50 && WordEquivalents.groups.allSatisfy { $0.count >= 2 })
    }

    /// A file of named lists: each line's name before the colon, its words after it; comments skipped, a name
    /// given twice gathers both lines. The compiled-in list of value subjects has every list the question
    /// stage reads (a missing one would stop the process at its first question).
    @Test func namedListsReadTheirWords() {
        let text = "# source: a note\nshapes: round square\n\n# more\ncolours: red  blue\nshapes: oval\nno colon here"
        let lists = NamedWordLists(Array(text.utf8))
        #expect(lists["shapes"] == ["round", "square", "oval"])
        #expect(lists["colours"] == ["red", "blue"])
        for name in ["vehicles", "vehicle-range", "range-qualifiers", "fluids", "tanks", "containers", "batteries",
                     "load-verbs", "loads"] {
            #expect(!ExpectedValue.subjects[name].isEmpty, "\(name)")
        }
    }
}

/// The spelling and word-equivalence tables compiled into the binary (`SpellingVariants+Kept.swift`,
/// `WordEquivalents+Kept.swift`) are what the word lists and the stemmer give: a list or stemmer changed
/// without running `scripts/make-spelling-stems` fails here.
@Suite struct KeptSpellingTablesTests {
    @Test func keptTablesAreTheStemmers() throws {
        let derived = SpellingVariants.derivedTables()
        let equivalents = WordEquivalents.derivedIndex()
        let spellingSource = Self.source(of: "SpellingVariants", from: "Words/spelling-variants.txt", tables: [
            ("British stem -> American stem.", "keptFolded", "[String: String]", Self.entries(derived.folded, Self.quoted)),
            ("A spelling's stem -> the other spellings the full-text search looks for.", "keptOtherSpellings",
             "[String: [String]]", Self.entries(derived.otherSpellings, Self.list)),
        ])
        let equivalentsSource = Self.source(of: "WordEquivalents", from: "Words/word-equivalents.txt", tables: [
            ("A word's term -> its group.", "keptIndex", "[String: [String]]", Self.entries(equivalents, Self.list)),
        ])
        if ProcessInfo.processInfo.environment["MANUAL_WRITE_KEPT_SPELLINGS"] == "1" {
            try spellingSource.write(to: Self.file("ManualIndex/Keywords/SpellingVariants+Kept.swift"), atomically: true, encoding: .utf8)
            try equivalentsSource.write(to: Self.file("ManualQuestion/WordEquivalents+Kept.swift"), atomically: true, encoding: .utf8)
            return
        }
        #expect(SpellingVariants.keptFolded == derived.folded, "stale: run scripts/make-spelling-stems")
        #expect(SpellingVariants.keptOtherSpellings == derived.otherSpellings, "stale: run scripts/make-spelling-stems")
        #expect(WordEquivalents.keptIndex == equivalents, "stale: run scripts/make-spelling-stems")
        #expect(try String(contentsOf: Self.file("ManualIndex/Keywords/SpellingVariants+Kept.swift"), encoding: .utf8)
                == spellingSource, "stale: run scripts/make-spelling-stems")
        #expect(try String(contentsOf: Self.file("ManualQuestion/WordEquivalents+Kept.swift"), encoding: .utf8)
                == equivalentsSource, "stale: run scripts/make-spelling-stems")
        // What the tables say, by example.
        #expect(SpellingVariants.canonical(Stemmer.porter2("colour")) == Stemmer.porter2("color"))
        #expect(SpellingVariants.otherSpellings(of: "colours") == ["color"])
        #expect(SpellingVariants.otherSpellings(of: "maximum") == ["max"])
        #expect(SpellingVariants.otherSpellings(of: "kettle").isEmpty)
        #expect(WordEquivalents.groups.allSatisfy { group in group.allSatisfy { WordEquivalents.group(forStem: Stemmer.stem($0)) != nil } })
    }

    /// A source file under `Sources/`.
    static func file(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/" + path).standardizedFileURL
    }

    static func quoted(_ word: String) -> String { "\"\(word)\"" }
    static func list(_ words: [String]) -> String { "[" + words.map(quoted).joined(separator: ", ") + "]" }

    /// `table`'s entries as Swift, keys sorted.
    static func entries<Value>(_ table: [String: Value], _ value: (Value) -> String) -> [String] {
        table.keys.sorted().map { "\(quoted($0)): \(value(table[$0]!))" }
    }

    /// The Swift source of an extension of `type` holding `tables` (doc, name, type, entries), entries packed
    /// into lines of at most 120 characters.
    static func source(of type: String, from list: String, tables: [(String, String, String, [String])]) -> String {
        func packed(_ entries: [String]) -> String {
            var lines: [String] = [], line = ""
            for entry in entries {
                if !line.isEmpty && 8 + line.count + entry.count + 2 > 120 {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + entry + ","
            }
            if !line.isEmpty { lines.append(line) }
            return lines.map { "        " + $0 }.joined(separator: "\n")
        }
        let body = tables.map { doc, name, valueType, entries in
            "    /// \(doc)\n    static let \(name): \(valueType) = [\n\(packed(entries))\n    ]\n"
        }.joined(separator: "\n")
        return "// Written by scripts/make-spelling-stems from \(list) and the Porter2 stemmer\n"
            + "// (`\(type).derived…`); do not edit. KeptSpellingTablesTests fails when it is stale.\n"
            + "extension \(type) {\n\(body)}\n"
    }
}
