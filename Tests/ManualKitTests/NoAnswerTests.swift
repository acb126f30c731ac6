import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion
@testable import ManualRetrieval

/// When the library does not cover a question it says so and cites nothing; when it does, a copy of the
/// answer in another manual does not take the quote from the better-ranked one.
@Suite(.serialized) struct NoAnswerTests {
    static let library = FixtureLibrary([Fixtures.radioGuide, Fixtures.edge("small.pdf")])

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    @Test func aQuestionNamingSomethingNoManualMentionsIsNotAnswered() throws {
        // "alarm" and "radio" retrieve the alarm procedure; the XR-200 is in neither manual.
        let answer = try ask("How do I set the alarm on the XR-200 radio?")
        #expect(answer.confidence == .none)
        #expect(answer.citations.isEmpty && answer.sourcePages.isEmpty)
        #expect(answer.answer == Answer.notCoveredMessage(naming: "XR-200"), "\(answer.answer)")
        // Without the name the same words are answered.
        let plain = try ask("How do I set the alarm on the radio?")
        #expect(plain.confidence != .none && !plain.citations.isEmpty, "\(plain.answer)")
    }

    @Test func aManualsOwnNameIsNoUnknownNameEvenWhenOnlyItsFileNameHoldsIt() throws {
        // The kettle guide under a file name whose first word its pages never use.
        let folder = TemporaryFolder()
        try FileManager.default.copyItem(atPath: Fixtures.edge("small.pdf"), toPath: folder.path("Zorvex-kettle.pdf"))
        let library = FixtureLibrary([Fixtures.radioGuide, folder.path("Zorvex-kettle.pdf")])
        let answer = try library.library.ask("How do I descale the Zorvex kettle?", record: false).answer
        #expect(answer.confidence != .none, "\(answer.answer)")
        #expect(answer.citations.first?.file == "Zorvex-kettle.pdf", "\(answer.citations)")
    }

    @Test func onlyWordsWrittenAsNamesCount() {
        let unknown: Set<String> = ["ch341a", "jupyt", "cheap", "rp2040", "pico"]
        #expect(UnknownName.first(in: "Does avrdude support the CH341A programmer?", unknownTerms: unknown) == "CH341A")
        #expect(UnknownName.first(in: "How do I program a Pico (RP2040)?", unknownTerms: unknown) == "Pico")
        #expect(UnknownName.first(in: "Program the (RP2040)?", unknownTerms: unknown) == "RP2040")
        // An everyday word the manuals do not use is the asker's phrasing, not a name.
        #expect(UnknownName.first(in: "Is a cheap adapter slow?", unknownTerms: unknown) == nil)
        // The capital every question starts with does not make a name.
        #expect(UnknownName.first(in: "Jupyter notebooks: can I use them?", unknownTerms: unknown) == nil)
        // Typed in capitals or Title Case, capitals tell nothing; digits and inner capitals still do.
        #expect(UnknownName.first(in: "HOW DO I RESET THE CLOCK", unknownTerms: ["clock"]) == nil)
        #expect(UnknownName.first(in: "How Do I Reset The Clock", unknownTerms: ["clock"]) == nil)
        #expect(UnknownName.first(in: "Does The Kettle Support MicroPython?", unknownTerms: ["micropython"]) == "MicroPython")
        #expect(UnknownName.first(in: "DOES IT FIT THE RP2040", unknownTerms: ["rp2040"]) == "RP2040")
        // A possessive or plural of a name the manuals write bare is that name.
        #expect(UnknownName.first(in: "Which pin is the PC's transmit pin?", unknownTerms: ["pcs"]) == nil)
        #expect(UnknownName.first(in: "Two PDP-11s on one network?", unknownTerms: ["pdp11s"]) == nil)
        #expect(UnknownName.first(in: "Two VAX-11s on one network?", unknownTerms: ["vax11s", "vax11"]) == "VAX-11s")
        // A name the library knows is no reason to decline.
        #expect(UnknownName.first(in: "What does the Northwind radio weigh?", unknownTerms: unknown) == nil)
        // A number the asker picks is a value; a number after a name or "error" still names something.
        #expect(UnknownName.first(in: "How do I reach the DZ11 lines over Telnet on port 2323?", unknownTerms: ["2323"]) == nil)
        #expect(UnknownName.first(in: "Can I set the baud rate 57600?", unknownTerms: ["57600"]) == nil)
        #expect(UnknownName.first(in: "How quickly does it go from 0 to 100 km/h?", unknownTerms: ["0"]) == "0")
        #expect(UnknownName.first(in: "What does error 37 mean?", unknownTerms: ["37"]) == "37")
        #expect(UnknownName.first(in: "Does it support the APC 1500?", unknownTerms: ["1500"]) == "1500")
        #expect(UnknownName.first(in: "Is there a cable for the APC 940-0127?", unknownTerms: Set(TextAnalyzer.terms("940-0127"))) == "940-0127")
    }

    @Test func aWordNoManualUsesAndNoDictionaryHasCountsAsAName() {
        let vocabulary = WordPieceTokenizer()
        let unknown: Set<String> = ["fminsearch", "cheap", "caravan"]
        #expect(UnknownName.first(in: "What does fminsearch do?", unknownTerms: unknown, vocabulary: vocabulary) == "fminsearch")
        // Everyday words are the asker's phrasing, whether or not the manuals use them.
        #expect(UnknownName.first(in: "Is a cheap adapter slow?", unknownTerms: unknown, vocabulary: vocabulary) == nil)
        #expect(UnknownName.first(in: "How heavy a caravan can I pull?", unknownTerms: unknown, vocabulary: vocabulary) == nil)
        // A compound is judged by its unknown part, a code the analyser keeps whole as a whole.
        #expect(UnknownName.first(in: "Is a well-known cheap USB-serial adapter slow?", unknownTerms: ["known", "serial"],
                                  vocabulary: vocabulary) == nil)
        #expect(UnknownName.first(in: "How do I wire an RS-485 port?", unknownTerms: ["rs485"], vocabulary: vocabulary) == "RS-485")
        #expect(UnknownName.first(in: "Does it do Wi-Fi?", unknownTerms: ["wi", "fi"], vocabulary: vocabulary) == "Wi-Fi")
    }

    @Test func aWordDerivedFromAVocabularyWordIsNoName() {
        let vocabulary = WordPieceTokenizer()
        // "plottable" is no entry of the table, but "plot" with an ending: the asker's phrasing.
        #expect(!UnknownName.isVocabularyWord("plottable", vocabulary))
        #expect(UnknownName.isDerivedWord("plottable", vocabulary))
        #expect(UnknownName.first(in: "How do I get that as a plottable vector?", unknownTerms: ["plottabl"], vocabulary: vocabulary) == nil)
        // A function's name is no word with an ending.
        #expect(!UnknownName.isDerivedWord("fminsearch", vocabulary))
        #expect(UnknownName.first(in: "What does fminsearch do?", unknownTerms: ["fminsearch"], vocabulary: vocabulary) == "fminsearch")
    }

    @Test func theLabelOfTheAskersOwnInputLineIsNoName() {
        // "QN" is what the asker called their model on a ".model" line; no manual can mention it.
        #expect(UnknownName.first(in: "I declared a bare .model QN NPN with no parameters. What gain will it have?",
                                  unknownTerms: ["qn"]) == nil)
        #expect(UnknownName.first(in: "Does the QN transistor model exist?", unknownTerms: ["qn"]) == "QN")
    }

    @Test func aUnitWithADecimalPrefixIsAWordNotAName() throws {
        let vocabulary = WordPieceTokenizer()
        // No word list holds every prefixed unit: these are not entries of the table's vocabulary.
        for unit in ["megohm", "milliohm", "kilohm"] {
            try #require(!UnknownName.isVocabularyWord(unit, vocabulary))
            #expect(UnknownName.first(in: "I typed 1 for a \(unit) but got less", unknownTerms: [TextAnalyzer.terms(unit)[0]],
                                      vocabulary: vocabulary) == nil, "\(unit)")
        }
        // A prefix before something that is no unit or word is still a name, as is a prefix alone.
        #expect(UnknownName.first(in: "Does it run megazorbix?", unknownTerms: ["megazorbix"], vocabulary: vocabulary) == "megazorbix")
        #expect(!UnknownName.isPrefixedUnit("mega", vocabulary))
    }

    @Test func whenSomethingHappensIsNotWhatItIsAbout() {
        // "At the same time", "every time" say when; "time" is a topic only on its own ("rise time").
        let time = TextAnalyzer.terms("time")[0]
        #expect(!QuestionTerms("Can a TM11 and a TS11 be configured at the same time?").all.contains(time))
        #expect(!QuestionTerms("Monte Carlo runs give the same random values every time").all.contains(time))
        #expect(QuestionTerms("Default rise time of a PULSE source").all.contains(time))
    }

    @Test func howCloseAsksForADistanceNotForClosing() throws {
        let close = TextAnalyzer.terms("close")[0]
        #expect(!QuestionTerms("How close to the door must the key be?").all.contains(close))
        #expect(QuestionTerms("How do I close the sunroof?").all.contains(close))
    }

    @Test func howAQuestionIsPutIsNotWhatItAsks() throws {
        // "get", "go", "still" say how the question is put; a passage need not contain them to answer it.
        let terms = QuestionTerms("The spanner light is still on after my service; how do I get it to go away?")
        let effective = terms.effective(present: [])
        for word in ["get", "go", "still"] { #expect(!effective.contains(TextAnalyzer.terms(word)[0]), "\(word)") }
        // A passage that uses one of them as content ("go" in "go to the menu") still counts it.
        #expect(terms.effective(present: [TextAnalyzer.terms("go")[0]]).contains(TextAnalyzer.terms("go")[0]))
        // The sample manual's p. 29 says how to reset the maintenance light; it was declined for "go" and "get".
        let answer = try FixtureLibrary().library.ask(
            "The spanner light is still on after my service; how do I get it to go away?", record: false).answer
        #expect(answer.confidence != .none, "\(answer.answer)")
    }

    @Test func aPassageCloseInMeaningAnswersAParaphraseAtLowConfidence() throws {
        // "force", "bolts", "hold": the sample manual says "Tighten the wheel nuts to 110 N·m" (p. 25), so
        // the question's words reach under 0.4 of it and it was declined; the wheel-nut chunk's cosine is
        // above `closeMeaningCosine`. Words that barely match vouch for little: low, with the page to read.
        // ("How tight must the bolts … be?" is now asked by the torque, `DimensionQuestion`, and shares its words.)
        let library = FixtureLibrary()
        // A question the manual does not cover, though about a car, shares as few words and is not that close.
        let garage = try library.library.ask("How do I program my garage door opener into the car?", record: false).answer
        #expect(garage.confidence == .none && garage.citations.isEmpty, "\(garage.answer)")
    }

    @Test func closenessInMeaningVouchesOnlyForAPassageTheKeywordsFoundToo() throws {
        // With the semantic channel alone, every passage it brings is one of the question's nearest in meaning,
        // so a high cosine is how it was ranked, not a second witness: on the development library such
        // passages reached 0.70-0.79 for exact-name lookups they could not answer. The same paraphrase that
        // passes at `low` with both channels is declined with meaning alone.
        let library = FixtureLibrary()
        let question = "How much force for the bolts that hold each wheel?"
        let semanticOnly = try library.library.ask(question, retrieval: RetrievalSettings(keywordWeight: 0, semanticWeight: 1),
                                                   record: false).answer
        #expect(semanticOnly.confidence == .none && semanticOnly.citations.isEmpty,
                "\(semanticOnly.confidence) \(semanticOnly.answer)")
    }

    @Test func anAnswerCloseInMeaningThatSaysWhenAsAskedIsMedium() throws {
        // Few of its words are the manual's ("soft tyres", "set up again" for "calibrated"), so the answer passes
        // by meaning alone; the sentence leading it says when, as the question asks: a second witness.
        let library = FixtureLibrary()
        let when = try library.library.ask("When does the system that watches for soft tyres have to be set up again?",
                                           record: false).answer
        #expect(when.confidence == .medium, "\(when.confidence) \(when.answer)")
        #expect(when.answer.hasPrefix("The system must be calibrated every time"), "\(when.answer)")
        #expect(when.citations.first?.page == 24, "\(when.answer)")
    }

    @Test func aQuestionForAPriceIsNotAnsweredFromPassagesThatStateNone() throws {
        let price = try ask("How much does a replacement kettle lid cost?")
        #expect(price.confidence == .none && price.citations.isEmpty, "\(price.answer)")
        #expect(price.answer == Answer.notCoveredMessage(lacking: "price"), "\(price.answer)")
        // The kettle's data table states its power, so a question for watts is answered from it.
        let watts = try ask("How many watts does the kettle draw?")
        #expect(watts.confidence != .none, "\(watts.answer)")
        #expect(watts.citations.contains { $0.page == 3 }, "\(watts.answer)")
    }

    @Test func onlyUnmistakableWordsAskForAKindOfValue() {
        #expect(ExpectedValue.asked(in: "How much does a replacement smart key cost?") == .price)
        #expect(ExpectedValue.asked(in: "How much does the dealer charge for an oil change?") == .price)
        #expect(ExpectedValue.asked(in: "How much charge does the battery hold?") == nil)
        #expect(ExpectedValue.asked(in: "What does the temperature warning light mean?") == nil)
        #expect(ExpectedValue.asked(in: "What temperature is best for green tea?") == .temperature)
        #expect(ExpectedValue.asked(in: "What is the top speed of the car?") == .speed)
        #expect(ExpectedValue.asked(in: "How fast does the kettle boil?") == .pace)
        #expect(ExpectedValue.asked(in: "What is the phone number of roadside assistance?") == .phoneNumber)
        #expect(ExpectedValue.asked(in: "How many watts does the kettle draw?") == .power)
        #expect(ExpectedValue.asked(in: "How do I set the alarm?") == nil)
        // Power drawn from a supply may be stated as a current and a voltage ("500 mA at 5 V DC"); power sent out
        // may not.
        #expect(ExpectedValue.asked(in: "How much power does the HackRF need from the computer's USB port?") == .supply)
        #expect(ExpectedValue.asked(in: "How much power does the HackRF transmit?") == .power)
        // A temperature range or a receiver's noise figure asks for temperatures and decibels.
        #expect(ExpectedValue.asked(in: "What operating temperature range is the radio rated for?") == .temperature)
        #expect(ExpectedValue.asked(in: "What is the receiver noise figure of the radio?") == .loudness)
        #expect(ExpectedValue.asked(in: "What does the temperature range warning mean?") == nil)

        func states(_ value: ExpectedValue, _ text: String) -> Bool {
            value.isStated(in: text, terms: Set(TextAnalyzer.terms(text)))
        }
        #expect(states(.power, "Rated power | 2,200 W"))
        #expect(!states(.power, "Power cord | 0.75 m"))
        // A radio's power is given in dBm: "How much power does the HackRF transmit?" was declined.
        #expect(states(.power, "1 MHz to 10 MHz: 5 dBm to 15 dBm, generally increasing as frequency decreases"))
        #expect(states(.supply, "The most important requirement is that you supply 500 mA at 5 V DC to your HackRF via the USB port."))
        #expect(!states(.power, "The most important requirement is that you supply 500 mA at 5 V DC to your HackRF via the USB port."))
        #expect(!states(.supply, "Plug the HackRF into a USB 2.0 port."))
        #expect(states(.price, "A spare lid costs $12.50 from the shop."))
        #expect(states(.price, "Price: 30 EUR"))
        #expect(!states(.price, "Part number 940-0127."))
        #expect(states(.phoneNumber, "Call us on +44 20 7946 0958."))
        #expect(!states(.phoneNumber, "Press 1, then 2."))
        #expect(states(.speed, "Do not exceed 80 km/h (50 mph)."))
        #expect(!states(.speed, "It boils 1 litre in 3 minutes."))
        #expect(states(.pace, "It boils 1 litre in 3 minutes."))
        #expect(states(.temperature, "Green tea: 80 °C."))
        #expect(!states(.temperature, "The temperature warning light comes on."))
        #expect(ExpectedValue.asked(in: "How far can the car be towed?") == .distance)
        #expect(ExpectedValue.asked(in: "How close must the key be to the door?") == .distance)
        #expect(states(.distance, "Tow it for a maximum distance of 20 km (12 miles)."))
        #expect(!states(.distance, "Do not exceed 50 km/h (30 mph) with chains fitted."), "a speed is not a distance")
    }

    @Test func onlyARangeAskedOfAVehicleAsksForADrivingRange() {
        #expect(ExpectedValue.asked(in: "What is the range of the car on electric power alone?") == .range)
        #expect(ExpectedValue.asked(in: "What's the electric range?") == .range)
        #expect(ExpectedValue.asked(in: "How much range does a full tank give?") == .range)
        // A range of values, or a range of something no vehicle is.
        #expect(ExpectedValue.asked(in: "What frequency range does the signal generator cover on a full charge?") == nil)
        #expect(ExpectedValue.asked(in: "What is the range of charge voltages the car battery accepts?") != .range)
        #expect(ExpectedValue.asked(in: "What is the range of the smart key?") == nil)
        #expect(ExpectedValue.asked(in: "What is the operating range of the remote control?") == nil)
        // Answered "you can still drive about 50 km": a distance, which declines nothing.
        #expect(ExpectedValue.asked(in: "How far can I drive on the reserve?") == .distance)

        func states(_ text: String) -> Bool {
            ExpectedValue.range.isStated(in: text, terms: Set(TextAnalyzer.terms(text)))
        }
        #expect(states("Electric range (WLTP) | 62 km"))
        #expect(states("On a full charge the car has a range of about 60 km (37 miles)."))
        // Distances that are no range: a service interval, a towing limit, a speed.
        #expect(!states("It comes on when a service will be due within the next 1,000 km (600 miles) or 30 days."))
        #expect(!states("It may be towed on its wheels for a maximum distance of 20 km (12 miles)."))
        #expect(!states("The range selector has no km/h setting above 80 km/h."))
    }

    @Test func aQuestionForTheCarsRangeIsAnsweredOnlyFromARangeStated() throws {
        // The owner's manual states no range: the smart key's coin cell ("powered by", "alone") and the service
        // reminder's "1,000 km" are close in words, not an answer.
        let library = FixtureLibrary([Fixtures.sampleManual])
        let none = try library.library.ask("What is the range of the car on electric power alone?", record: false).answer
        #expect(none.confidence == .none && none.citations.isEmpty, "\(none.answer)")
        #expect(none.answer == Answer.notCoveredMessage(lacking: "driving range in km or miles"), "\(none.answer)")

        // A passage stating the range answers, though a passage with more of the question's words ranks first.
        func result(_ id: Int64, _ text: String, page: Int, relevance: Double) -> SearchResult {
            OnePassage.result([Sentence(text: text, page: page)], path: ["Driving"], title: "Car", file: "car.pdf", id: id,
                              relevance: relevance)
        }
        let results = [
            result(1, "The electric parking brake is powered by the car's 12 V battery alone; service it every 1,000 km.", page: 20, relevance: 0.8),
            result(2, "On electric power alone the car has a range of about 60 km (37 miles).", page: 31, relevance: 0.7),
        ]
        let answer = AnswerGenerator().answer(question: "What is the range of the car on electric power alone?",
                                              results: results, libraryTopics: [])
        #expect(answer.answer.hasPrefix("On electric power alone the car has a range of about 60 km"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 31)
    }

    @Test func askedHowFarTheSentenceStatingADistanceAnswers() {
        let sentences = [
            Sentence(text: "Never tow the car on its wheels faster than 30 km/h (20 mph).", page: 38),
            Sentence(text: "In an emergency it may be towed with its wheels on the ground for a maximum distance of 20 km (12 miles).", page: 38),
        ]
        let result = SearchResult(chunkID: 1, documentID: 1, documentTitle: "Car", fileName: "car.pdf",
                                  chunk: Chunk(ordinal: 0, sentences: sentences, headingPath: ["Emergencies"], vector: [0.6, 0.8]),
                                  keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let answer = AnswerGenerator().answer(question: "Can the car be towed on its wheels, and how far?",
                                              results: [result], libraryTopics: [])
        // Both sentences state a number; only the second a distance.
        #expect(answer.answer.hasPrefix("In an emergency it may be towed"), "\(answer.answer)")

        // "How far" answered in turns: a passage stating no length still answers.
        let screw = SearchResult(chunkID: 2, documentID: 1, documentTitle: "Car", fileName: "car.pdf",
                                 chunk: Chunk(ordinal: 1, sentences: [Sentence(text: "Turn the idle screw a quarter turn clockwise.", page: 40)],
                                              headingPath: ["Idle speed"], vector: [0.6, 0.8]),
                                 keywordScore: 1, semanticScore: 1, relevance: 0.8, matchType: .hybrid)
        let turns = AnswerGenerator().answer(question: "How far do I turn the idle screw?", results: [screw], libraryTopics: [])
        #expect(turns.answer.hasPrefix("Turn the idle screw a quarter turn clockwise. [p. 40]"), "\(turns.answer)")
    }

    @Test func copiesOfASentenceAreScoredAlikeSoTheBetterRankedPassageIsQuoted() {
        let text = "Many units have a female DB-9 socket with a non-standard pinout."
        func candidate(passage: Int, score: Double) -> SentenceCandidate {
            SentenceCandidate(ref: SentenceRef(passage: passage, index: 0), sentence: Sentence(text: text, page: 10 + passage),
                              ownCoverage: 0.5, score: score, contentScore: score)
        }
        let other = SentenceCandidate(ref: SentenceRef(passage: 1, index: 1), sentence: Sentence(text: "Pin 2 is TxD.", page: 11),
                                      ownCoverage: 0.5, score: 0.7, contentScore: 0.7)
        // The copy in the third passage scored higher (its heading shared a question word).
        let scored = SentenceScorer.scoringCopiesAlike([candidate(passage: 0, score: 0.6), other, candidate(passage: 2, score: 0.8)])
            .sorted(by: SentenceCandidate.isBetter)
        #expect(scored.map(\.ref.passage) == [0, 2, 1])
        #expect(scored[0].score == 0.8 && scored[1].score == 0.8 && scored[2].score == 0.7)
    }
}
