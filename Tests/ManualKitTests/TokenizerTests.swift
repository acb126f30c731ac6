import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

struct TokenizerTests {
    private func texts(_ text: String) -> [String] { Tokenizer.strings(text) }

    @Test func lowercasesAndFoldsDiacriticsAndLigatures() {
        #expect(texts("Ünïcödé ﬁlter CAFÉ Straße") == ["unicode", "filter", "cafe", "strasse"])
    }

    @Test func cutsChineseJapaneseAndKoreanRunsIntoOverlappingBigrams() {
        #expect(texts("取扱説明書") == ["取扱", "扱説", "説明", "明書"])
        #expect(texts("タイヤの空気圧は230 kPaです。") == ["タイ", "イヤ", "ヤの", "の空", "空気", "気圧", "圧は", "230kpa", "です"])
        #expect(texts("第3章 電池") == ["第", "3", "章", "電池"])
        #expect(texts("ABS警告灯") == ["abs", "警告", "告灯"])
        // Hangul stays in syllables (not jamo) and kana keep their voicing marks; half-width kana widen.
        let korean = texts("타이어 공기압")
        #expect(korean == ["타이", "이어", "공기", "기압"])
        #expect(korean.allSatisfy { $0.unicodeScalars.count == 2 })
        #expect(texts("でんち ﾃｽﾄ").map { Array($0.unicodeScalars) } == ["でん", "んち", "テス", "スト"].map { Array($0.unicodeScalars) })
        // A lone character stands for itself.
        #expect(texts("油 oil") == ["油", "oil"])
    }

    @Test func theFullTextIndexAndTheQueryCutCJKTheSameWay() {
        #expect(CJKBigrams.pieces(of: "abs警告灯") == ["abs", "警告", "告灯"])
        #expect(CJKBigrams.pieces(of: "第3章") == ["第", "3", "章"])
        #expect(KeywordQuery("空気圧を確認").words == ["空気", "気圧", "圧を", "を確", "確認"])
        #expect(KeywordQuery("brake 空気圧").matchExpression == "\"brake\" OR \"空気\" OR \"気圧\"")
    }

    @Test func joinsNumbersWithUnits() {
        #expect(texts("35 psi") == ["35psi"])
        #expect(texts("2.5 bar") == ["2.5bar"])
        #expect(texts("0.8 mm") == ["0.8mm"])
        #expect(texts("110 N·m") == ["110nm"])
        #expect(texts("110N·m and 110 Nm") == ["110nm", "and", "110nm"])
        #expect(texts("25 lb-ft") == ["25lbft"])
        #expect(texts("100 km/h") == ["100kmh"])
        #expect(texts("20 °C, 68°F, 90°") == ["20c", "68f", "90deg"])
        #expect(texts("12 V 5 µs 10 kΩ") == ["12v", "5us", "10kohm"])
        #expect(texts("a 10-mm socket") == ["a", "10mm", "socket"])
    }

    @Test func canonicalisesUnitSpellings() {
        #expect(texts("500 miles") == ["500mi"])
        #expect(texts("35PSI") == ["35psi"])
        #expect(texts("12volts") == ["12v"])
        #expect(texts("2 liters") == ["2l"])
    }

    @Test func unitTokensAreMeasurements() {
        let tokens = Tokenizer.tokens("35 psi 2.5 35")
        #expect(tokens == [
            Token(text: "35psi", kind: .measurement),
            Token(text: "2.5", kind: .number),
            Token(text: "35", kind: .number),
        ])
    }

    @Test func doesNotJoinWordsThatAreNotUnits() {
        #expect(texts("step 1 in the menu") == ["step", "1", "in", "the", "menu"])
        #expect(texts("insert 2 AA batteries") == ["insert", "2", "aa", "batteries"])
        #expect(texts("5 mm2 cable") == ["5", "mm2", "cable"])
    }

    @Test func keepsDecimalsAndVersionsWhole() {
        #expect(texts("2.5") == ["2.5"])
        #expect(texts("version 1.2.3 or v2.0") == ["version", "1.2.3", "or", "v2.0"])
        #expect(texts("Set it to 5. Then wait.") == ["set", "it", "to", "5", "then", "wait"])
        #expect(texts("1,000 rpm and 1,5") == ["1000rpm", "and", "1", "5"])
    }

    @Test func keepsTechnicalIdentifiers() {
        #expect(texts("ATmega328P on /dev/ttyUSB0") == ["atmega328p", "on", "dev", "ttyusb0"])
        #expect(texts("Use 0W-20 oil and R-134a") == ["use", "0w20", "oil", "and", "r134a"])
        #expect(texts("part 90915-YZZD1") == ["part", "90915yzzd1"])
        #expect(Tokenizer.tokens("0W-20").first?.kind == .code)
    }

    @Test func splitsRangesAndHyphenatedWords() {
        #expect(texts("10-20 mm") == ["10", "20mm"])
        #expect(texts("well-known 3-way") == ["well", "known", "3", "way"])
        #expect(texts("--quiet -D") == ["quiet", "d"])
    }

    @Test func dropsApostrophesInsideWords() {
        #expect(texts("the driver’s seat, don't") == ["the", "drivers", "seat", "dont"])
    }

    @Test func emptyAndSeparatorOnlyTextHasNoTokens() {
        #expect(texts("").isEmpty)
        #expect(texts(" -- ... / ").isEmpty)
    }
}

struct TextAnalyzerTests {
    @Test func stopwordsDropQuestionWords() {
        for word in ["what", "how", "which", "when", "where", "why", "does", "do", "should", "can", "i", "my", "is"] {
            #expect(Stopwords.contains(word), "\(word) should be a stopword")
        }
        #expect(TextAnalyzer.terms("What should I do when my tire pressure is low?") == ["tire", "pressur", "low"])
    }

    @Test func keepsInstructionWordsThatLookCommon() {
        #expect(TextAnalyzer.terms("turn off before driving") == ["turn", "off", "befor", "drive"])
    }

    @Test func stemsWordsButNotNumbersOrCodes() {
        #expect(TextAnalyzer.terms("35 psi tires 2019 atmega328p 2.5") == ["35psi", "tire", "2019", "atmega328p", "2.5"])
    }

    @Test func queryAndPassageFormsMeet() {
        #expect(TextAnalyzer.terms("Tyre pressures") == TextAnalyzer.terms("tyre pressure"))
        #expect(TextAnalyzer.terms("recommended") == TextAnalyzer.terms("recommend"))
    }

    @Test func dropsOverlongDebris() {
        let debris = String(repeating: "x", count: 80)
        #expect(TextAnalyzer.terms("oil \(debris) filter") == ["oil", "filter"])
    }

    @Test func batchMatchesOneByOne() {
        let texts = ["Tire pressures", "", "Changing the oil every 5,000 miles", "tire pressure"]
        #expect(TextAnalyzer.termLists(texts) == texts.map(TextAnalyzer.terms))
    }

    @Test func versionIsStable() {
        #expect(TextAnalyzer.version == "porter2-1+cjk-bigrams+spellings-2")
    }
}
