import Foundation
import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// A small car manual, chunked the way ingest does it, and the retrieval results a question gets.
private enum CarManual {
    static let documentID: Int64 = 3
    static let title = "Roadster Owner's Manual"
    static let file = "roadster-2024.pdf"
    static let topics = ["1 Safety", "6 Wheels and Tires", "8 Maintenance", "9 Specifications"]

    static func result(_ id: Int64, _ chunk: Chunk, relevance: Double, keyword: Double? = nil,
                       labels: [Int: String] = [:], matched: [String] = []) -> SearchResult {
        let keywordScore = keyword ?? min(1, relevance * 1.2)
        return SearchResult(chunkID: id, documentID: documentID, documentTitle: title, fileName: file, chunk: chunk,
                            pageLabels: labels, keywordScore: keywordScore,
                            semanticScore: max(0, (relevance - 0.4 * keywordScore) / 0.6), relevance: relevance,
                            matchType: .hybrid, matchedTerms: matched)
    }

    static let tirePressure = Chunk(ordinal: 41, sentences: [
        Sentence(text: "6.2 Tire Pressure", page: 120, kind: .heading),
        Sentence(text: "Check the tire pressure at least once a month, when the tires are cold.", page: 120),
        Sentence(text: "The recommended cold tire pressures are:", page: 121),
        Sentence(text: "Tire | Front | Rear", page: 121, kind: .tableRow),
        Sentence(text: "Normal load | 230 kPa (33 psi) | 230 kPa (33 psi)", page: 121, kind: .tableRow),
        Sentence(text: "Full load | 250 kPa (36 psi) | 270 kPa (39 psi)", page: 121, kind: .tableRow),
        Sentence(text: "Compact spare | 420 kPa (60 psi) | 420 kPa (60 psi)", page: 121, kind: .tableRow),
    ], headingPath: ["6 Wheels and Tires", "6.2 Tire Pressure"], firstLabel: "6-4", lastLabel: "6-5",
       keywords: ["pressur", "kpa", "psi", "tire", "spare"])
    static let tirePressureLabels = [120: "6-4", 121: "6-5"]

    static let tireRotation = Chunk(ordinal: 42, sentences: [
        Sentence(text: "Rotate the tires every 10,000 km (6,000 miles) to even out tread wear.", page: 122),
        Sentence(text: "Long trips at high speed wear the front tires faster.", page: 122),
        Sentence(text: "After rotating, set the tire pressure for each position.", page: 122),
    ], headingPath: ["6 Wheels and Tires", "6.3 Tire Rotation"], keywords: ["rotat", "tread", "wear", "tire"])

    static let snowChains = Chunk(ordinal: 43, sentences: [
        Sentence(text: "Fit snow chains to the front tires only.", page: 123),
        Sentence(text: "Do not exceed 50 km/h with chains fitted.", page: 123),
    ], headingPath: ["6 Wheels and Tires", "6.4 Snow Chains"], keywords: ["chain", "snow", "fit"])

    static let engineOil = Chunk(ordinal: 60, sentences: [
        Sentence(text: "8.1 Engine Oil", page: 160, kind: .heading),
        Sentence(text: "Change the engine oil and filter every 15,000 km or 12 months, whichever comes first.", page: 160),
        Sentence(text: "Under severe driving conditions, change the oil every 7,500 km.", page: 160),
        Sentence(text: "Use SAE 0W-20 oil that meets API SP.", page: 161),
    ], headingPath: ["8 Maintenance", "8.1 Engine Oil"], keywords: ["oil", "0w20", "filter", "sever"])
    static let engineOilLabels = [160: "8-2", 161: "8-3"]

    /// The next chunk: it repeats the last sentences of `engineOil` (chunks overlap by ~200 characters).
    static let engineOilOverlap = Chunk(ordinal: 61, sentences: [
        Sentence(text: "Change the engine oil and filter every 15,000 km or 12 months, whichever comes first.", page: 160),
        Sentence(text: "Under severe driving conditions, change the oil every 7,500 km.", page: 160),
        Sentence(text: "Use SAE 0W-20 oil that meets API SP.", page: 161),
        Sentence(text: "Dispose of used oil at an approved collection point.", page: 161),
    ], headingPath: ["8 Maintenance", "8.1 Engine Oil"], keywords: ["oil", "dispos", "collect"])

    static let oilLevel = Chunk(ordinal: 62, sentences: [
        Sentence(text: "8.2 Checking the Oil Level", page: 162, kind: .heading),
        Sentence(text: "To check the engine oil level:", page: 162),
        Sentence(text: "1. Park the vehicle on level ground and turn off the engine.", page: 162, kind: .listItem),
        Sentence(text: "2. Wait at least five minutes for the oil to drain back.", page: 162, kind: .listItem),
        Sentence(text: "3. Pull out the dipstick, wipe it clean and push it fully back in.", page: 163, kind: .listItem),
        Sentence(text: "4. Pull the dipstick out again and check that the oil level is between the two marks.",
                 page: 163, kind: .listItem),
    ], headingPath: ["8 Maintenance", "8.2 Checking the Oil Level"], keywords: ["dipstick", "level", "oil"])
    static let oilLevelLabels = [162: "8-4", 163: "8-5"]

    static let battery = Chunk(ordinal: 70, sentences: [
        Sentence(text: "The 12-volt battery is maintenance free and lasts a long time in normal use.", page: 170),
        Sentence(text: "Keep the terminals clean.", page: 170),
    ], headingPath: ["8 Maintenance", "8.5 Battery"], keywords: ["batteri", "termin"])

    static let wipers = Chunk(ordinal: 75, sentences: [
        Sentence(text: "Replace the wiper blades once a year.", page: 175),
    ], headingPath: ["8 Maintenance", "Replace the Wiper Blades"], keywords: ["wiper", "blade", "replac"])
}

private func answer(_ question: String, _ results: [SearchResult],
                    settings: AnswerSettings = AnswerSettings()) -> Answer {
    AnswerGenerator(settings: settings).answer(question: question, results: results, libraryTopics: CarManual.topics)
}

private func stableJSON(_ answer: Answer) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(answer)
}

private let tireResults = [
    CarManual.result(41, CarManual.tirePressure, relevance: 0.72, labels: CarManual.tirePressureLabels),
    CarManual.result(42, CarManual.tireRotation, relevance: 0.31),
    CarManual.result(43, CarManual.snowChains, relevance: 0.18),
]

@Test func tirePressureQuestionQuotesTheTableWithPhysicalPageAndLabel() {
    let reply = answer("What is the recommended tire pressure?", tireResults)
    #expect(reply.answer.contains("Normal load | 230 kPa (33 psi) | 230 kPa (33 psi) [p. 121]"))
    // The table is quoted under its header row.
    #expect(reply.answer.contains("Tire | Front | Rear [p. 121]\nNormal load"), "\(reply.answer)")
    #expect(!reply.answer.contains("6.2 Tire Pressure"))
    let row = reply.citations.first { $0.quote.hasPrefix("Normal load") }
    #expect(row?.page == 121)
    #expect(row?.label == "6-5")
    #expect(row?.heading == "6 Wheels and Tires > 6.2 Tire Pressure")
    #expect(row?.title == CarManual.title)
    #expect(row?.file == CarManual.file)
    #expect(row?.documentID == CarManual.documentID)
    #expect(reply.sourcePages == [SourcePage(documentID: 3, file: CarManual.file, page: 121, label: "6-5")])
    #expect(reply.confidence == .high)
}

@Test func aTableIsFoundWhenItsLeadInAndHeaderShareTheQuestionsWords() {
    var chunk = CarManual.tirePressure
    chunk.sentences[2].text = "Inflate them to the values below:"
    let reply = answer("What should the tire pressure be?", [
        CarManual.result(41, chunk, relevance: 0.7, labels: CarManual.tirePressureLabels),
    ])
    // Asked for the pressure, the answer is the values: the lead-in and the table under it.
    #expect(reply.citations.first?.quote == "Inflate them to the values below:")
    #expect(reply.citations.dropFirst().map(\.quote) == [
        "Tire | Front | Rear",
        "Normal load | 230 kPa (33 psi) | 230 kPa (33 psi)",
        "Full load | 250 kPa (36 psi) | 270 kPa (39 psi)",
        "Compact spare | 420 kPa (60 psi) | 420 kPa (60 psi)",
    ])
}

@Test func aRowQuestionQuotesThatRowUnderItsHeaderRow() {
    let reply = answer("What pressure should the compact spare have?", tireResults)
    #expect(reply.citations.map(\.quote) == ["Tire | Front | Rear", "Compact spare | 420 kPa (60 psi) | 420 kPa (60 psi)"])
    #expect(reply.answer == "Tire | Front | Rear [p. 121]\nCompact spare | 420 kPa (60 psi) | 420 kPa (60 psi) [p. 121]")
}

@Test func aRowQuestionLeavesOutRowsThatOnlyShareItsCommonWords() {
    let commands = Chunk(ordinal: 90, sentences: [
        Sentence(text: "9.3 Disk Commands", page: 17, kind: .heading),
        Sentence(text: "Command | Effect", page: 17, kind: .tableRow),
        Sentence(text: "SET HKn LOCKED | set unit n write locked", page: 17, kind: .tableRow),
        Sentence(text: "SET HKn WRITEENABLED | set unit n write enabled", page: 17, kind: .tableRow),
        Sentence(text: "SET HKn BADBLOCK | write bad block table on last track", page: 17, kind: .tableRow),
        Sentence(text: "SET HKn RK06 | set type to RK06", page: 17, kind: .tableRow),
    ], headingPath: ["9 Disks", "9.3 Disk Commands"], keywords: ["hkn", "badblock", "lock"])
    let reply = answer("What does SET HKn BADBLOCK do?", [CarManual.result(90, commands, relevance: 0.7)])
    #expect(reply.citations.map(\.quote) == ["Command | Effect", "SET HKn BADBLOCK | write bad block table on last track"],
            "\(reply.answer)")
}

@Test func oilChangeIntervalQuotesTheIntervalSentence() {
    let results = [
        CarManual.result(60, CarManual.engineOil, relevance: 0.68, labels: CarManual.engineOilLabels),
        CarManual.result(62, CarManual.oilLevel, relevance: 0.35, labels: CarManual.oilLevelLabels),
        CarManual.result(42, CarManual.tireRotation, relevance: 0.2),
    ]
    let reply = answer("How often should I change the engine oil?", results)
    #expect(reply.answer.hasPrefix(
        "Change the engine oil and filter every 15,000 km or 12 months, whichever comes first. [p. 160]"))
    #expect(reply.citations.first?.page == 160)
    #expect(reply.citations.first?.label == "8-2")
    #expect(reply.citations.first?.heading == "8 Maintenance > 8.1 Engine Oil")
    #expect(reply.confidence != .none && reply.confidence != .low)
}

@Test func procedureQuestionReturnsTheStepsInDocumentOrder() {
    let results = [
        CarManual.result(62, CarManual.oilLevel, relevance: 0.7, labels: CarManual.oilLevelLabels),
        CarManual.result(60, CarManual.engineOil, relevance: 0.4, labels: CarManual.engineOilLabels),
    ]
    let reply = answer("How do I check the oil level?", results)
    // The sentence that introduces the steps leads, then every step in order, nothing from the other chunk.
    let steps = reply.citations.map { String($0.quote.prefix(2)) }
    #expect(steps == ["To", "1.", "2.", "3.", "4."])
    #expect(reply.citations.map(\.page) == [162, 162, 162, 163, 163])
    #expect(reply.citations.map(\.label) == ["8-4", "8-4", "8-4", "8-5", "8-5"])
    #expect(reply.answer.components(separatedBy: "\n").count == 5)
    #expect(reply.sourcePages.map(\.page) == [162, 163])
}

@Test func citationLabelsFallBackToTheChunksOwnLabels() {
    // No page map from the retriever: the chunk's first/last labels still name its pages.
    let reply = answer("How do I check the oil level?", [CarManual.result(62, CarManual.oilLevel, relevance: 0.7)])
    #expect(reply.citations.map(\.label) == [nil, nil, nil, nil, nil])
    var labelled = CarManual.oilLevel
    labelled.firstLabel = "8-4"
    labelled.lastLabel = "8-5"
    let withLabels = answer("How do I check the oil level?", [CarManual.result(62, labelled, relevance: 0.7)])
    #expect(withLabels.citations.map(\.label) == ["8-4", "8-4", "8-4", "8-5", "8-5"])
    #expect(withLabels.sourcePages.map(\.label) == ["8-4", "8-5"])
}

@Test func aShortProcedureKeepsTheSentenceThatIntroducesIt() {
    var chunk = CarManual.oilLevel
    chunk.sentences.removeLast()
    let reply = answer("How do I check the oil level?", [CarManual.result(62, chunk, relevance: 0.7)])
    #expect(reply.citations.map { String($0.quote.prefix(8)) } == ["To check", "1. Park ", "2. Wait ", "3. Pull "])
}

@Test func sentencesRepeatedByOverlappingChunksAppearOnce() {
    let results = [
        CarManual.result(60, CarManual.engineOil, relevance: 0.66, labels: CarManual.engineOilLabels),
        CarManual.result(61, CarManual.engineOilOverlap, relevance: 0.64, labels: CarManual.engineOilLabels),
    ]
    let reply = answer("How often should I change the engine oil?", results)
    #expect(reply.answer.components(separatedBy: "15,000 km").count == 2)
    #expect(reply.answer.components(separatedBy: "7,500 km").count == 2)
    let quotes = reply.citations.map(\.quote)
    #expect(Set(quotes).count == quotes.count)
}

@Test func aPizzaQuestionIsNotAnsweredFromACarManual() {
    // The car chunks share only "long" with the question; the retriever still hands them over.
    let results = [
        CarManual.result(42, CarManual.tireRotation, relevance: 0.34, keyword: 0.35),
        CarManual.result(70, CarManual.battery, relevance: 0.3, keyword: 0.3),
        CarManual.result(41, CarManual.tirePressure, relevance: 0.12, keyword: 0),
    ]
    let reply = answer("How long should I bake a frozen pizza?", results)
    #expect(reply.confidence == .none)
    #expect(reply.answer == "The library does not appear to cover this question.")
    #expect(reply.citations.isEmpty)
    #expect(reply.sourcePages.isEmpty)
    #expect(reply.score == 0)
    #expect(reply.results.map(\.chunkID) == [42, 70, 41])
    #expect(reply.suggestedFollowUps == [
        "What about safety?",
        "What are the wheels and tires?",
        "What about maintenance?",
    ])
}

/// With the library's rarity, a word the results lack counts for how much it says about the topic: an
/// everyday word of a paraphrase little, a word the library never uses a lot.
@Test func missingWordsWeighByTheirRarityInTheLibrary() {
    let results = [
        CarManual.result(43, CarManual.snowChains, relevance: 0.5, keyword: 0.6),
        CarManual.result(42, CarManual.tireRotation, relevance: 0.2, keyword: 0.2),
    ]
    let generator = AnswerGenerator()
    // "fast" and "drive" are in neither result but common in the library; "snow" and "chains" are rare.
    let question = "How fast may I drive with snow chains?"
    let library = ["fast": 1.0, "drive": 0.8, "snow": 5.2, "chain": 5.5]
    let paraphrase = generator.answer(question: question, results: results, libraryTopics: CarManual.topics,
                                      libraryIDF: library)
    #expect(paraphrase.confidence != .none)
    #expect(paraphrase.answer.contains("50 km/h"))
    #expect(Set(paraphrase.citations.map(\.page)) == [123])
    // Weighed by rarity among the results alone, the missing words weigh most and the answer is weaker.
    let alone = generator.answer(question: question, results: results, libraryTopics: CarManual.topics)
    #expect(alone.score < paraphrase.score, "\(alone.score) \(paraphrase.score)")
    // Words the library never uses name a topic it does not cover: still no answer.
    let reply = generator.answer(question: "Which Bluetooth headset fits?", results: results,
                                 libraryTopics: CarManual.topics, libraryIDF: ["bluetooth": 9.1, "headset": 9.1, "fit": 3.0])
    #expect(reply.confidence == .none)
    #expect(reply.citations.isEmpty)
}

@Test func weakRetrievalIsNotAnswered() {
    let results = [CarManual.result(41, CarManual.tirePressure, relevance: 0.1)]
    let reply = answer("What is the tire pressure?", results)
    #expect(reply.confidence == .none)
    #expect(reply.citations.isEmpty)
    #expect(reply.results.count == 1)
}

@Test func questionsWithoutTermsAndEmptyResultsTakeTheNoAnswerPath() {
    for question in ["", "???", "   ", "What is it?"] {
        let reply = answer(question, tireResults)
        #expect(reply.confidence == .none, "\(question)")
        #expect(reply.citations.isEmpty)
        #expect(reply.answer == Answer.notCoveredMessage)
        #expect(reply.results.count == tireResults.count)
        #expect(reply.suggestedFollowUps.count == 3)
    }
    let nothing = answer("What is the tire pressure?", [])
    #expect(nothing.confidence == .none)
    #expect(nothing.results.isEmpty)
}

@Test func strongEvidenceIsHighAndWeakEvidenceIsLessSure() {
    let strong = answer("What is the recommended tire pressure?", tireResults)
    let weak = answer("How long does the battery warranty last?", [
        CarManual.result(70, CarManual.battery, relevance: 0.16),
        CarManual.result(42, CarManual.tireRotation, relevance: 0.15),
    ])
    #expect(strong.confidence == .high)
    #expect(weak.confidence != .high)
    #expect(weak.confidence == .none || weak.citations.first?.page == 170)
    #expect(strong.score > weak.score)
}

@Test func closeCompetitionFromAnotherSectionLowersConfidence() {
    let clear = answer("How do I check the oil level?", [
        CarManual.result(62, CarManual.oilLevel, relevance: 0.7),
        CarManual.result(60, CarManual.engineOil, relevance: 0.2),
    ])
    let contested = answer("How do I check the oil level?", [
        CarManual.result(62, CarManual.oilLevel, relevance: 0.7),
        CarManual.result(60, CarManual.engineOil, relevance: 0.69),
    ])
    // The overlapping chunk of the same section is no competitor.
    let sameSection = answer("How often should I change the engine oil?", [
        CarManual.result(60, CarManual.engineOil, relevance: 0.6),
        CarManual.result(61, CarManual.engineOilOverlap, relevance: 0.59),
    ])
    #expect(clear.score > contested.score)
    #expect(sameSection.confidence == .high)
}

@Test func followUpsNameOtherRetrievedTopicsButNotTheQuestionsOwn() {
    let reply = answer("What is the recommended tire pressure?", tireResults + [
        CarManual.result(75, CarManual.wipers, relevance: 0.16),
    ])
    #expect(reply.suggestedFollowUps == [
        "What is the tire rotation?",
        "What are the snow chains?",
        "How do I replace the wiper blades?",
    ])
    #expect(!reply.suggestedFollowUps.contains { $0.lowercased().contains("tire pressure") })
}

@Test func headingsAreNeverQuotedButTheSentencesUnderThemAre() {
    let reply = answer("Engine oil", [CarManual.result(60, CarManual.engineOil, relevance: 0.6)])
    #expect(!reply.citations.isEmpty)
    #expect(!reply.citations.contains { $0.quote == "8.1 Engine Oil" })
    #expect(reply.citations.first?.quote.hasPrefix("Change the engine oil") == true)
}

@Test func followUpsReadAsQuestionsAReaderWouldAsk() {
    #expect(TopicQuestion.make("4.2 Tire Pressure") == "What is the tire pressure?")
    #expect(TopicQuestion.make("4.11 I can’t seem to access my HackRF under Linux")
            == "What if I can’t seem to access my HackRF under linux?")
    #expect(TopicQuestion.make("SET CR AUTOEOF") == "What does SET CR AUTOEOF do?")
    #expect(TopicQuestion.make("SHOW XQ TYPE") == "What does SHOW XQ TYPE do?")
    #expect(TopicQuestion.make("GNU GENERAL PUBLIC LICENSE") == "What is the GNU GENERAL PUBLIC LICENSE?")
    #expect(TopicQuestion.make("All data") == "What about all data?")
    #expect(TopicQuestion.make("Measure resistance by comparison") == "How do I measure resistance by comparison?")
    #expect(TopicQuestion.make("Adjust dot size as necessary") == "How do I adjust dot size as necessary?")
    #expect(TopicQuestion.make("Turn Signals") == "What are the turn signals?")
    #expect(TopicQuestion.make("All Bulbs") == "What about all bulbs?")
    #expect(TopicQuestion.make("How to Check the ABS Fluid") == "How do I check the ABS fluid?")
    #expect(TopicQuestion.make("Turn Signals") == "What are the turn signals?")
    // Gerund headings read as the task they describe; "If ..." and question headings as asked.
    #expect(TopicQuestion.make("5.3 Changing the Engine Oil and Filter") == "How do I change the engine oil and filter?")
    #expect(TopicQuestion.make("Resetting the Maintenance Light") == "How do I reset the maintenance light?")
    #expect(TopicQuestion.make("Checking Tire Pressure") == "How do I check tire pressure?")
    #expect(TopicQuestion.make("Starting and Driving") == "What about starting and driving?")
    #expect(TopicQuestion.make("Wiring Diagrams") == "What about wiring diagrams?")
    #expect(TopicQuestion.make("6.4 If the Engine Overheats") == "What if the engine overheats?")
    #expect(TopicQuestion.make("4.8 What is the big spike in the center?") == "What is the big spike in the center?")
    #expect(TopicQuestion.make("A Note on Fuel") == "What about a note on fuel?")
    #expect(TopicQuestion.make("12.3") == nil || TopicQuestion.make("12.3") == "What about 12.3?")
}

@Test func theSameInputEncodesToTheSameBytes() throws {
    let results = [
        CarManual.result(41, CarManual.tirePressure, relevance: 0.723456789, keyword: 0.912345678,
                         labels: CarManual.tirePressureLabels, matched: ["tire", "pressur"]),
        CarManual.result(42, CarManual.tireRotation, relevance: 0.31),
    ]
    let first = try stableJSON(answer("What is the recommended tire pressure?", results))
    let second = try stableJSON(answer("What is the recommended tire pressure?", results))
    #expect(first == second)
    let text = String(decoding: first, as: UTF8.self)
    #expect(text.contains("\"relevance\":0.7235"))
    #expect(text.contains("\"keywordScore\":0.9123"))
    let decoded = try JSONDecoder().decode(Answer.self, from: first)
    #expect(decoded == answer("What is the recommended tire pressure?", results))
    let score = decoded.score
    #expect((score * 10_000).rounded() / 10_000 == score)
}

@Test func resultsAreRankedPassagesInRetrievalOrder() {
    let reply = answer("What is the recommended tire pressure?", tireResults)
    #expect(reply.results.map(\.rank) == [1, 2, 3])
    #expect(reply.results.map(\.chunkID) == [41, 42, 43])
    let first = reply.results[0]
    #expect(first.firstPage == 120 && first.lastPage == 121)
    #expect(first.firstLabel == "6-4" && first.lastLabel == "6-5")
    #expect(first.heading == "6 Wheels and Tires > 6.2 Tire Pressure")
    #expect(first.relevance == 0.72)
}

@Test func longQuotesAreCutAtAWordBoundary() throws {
    let long = "When towing a trailer, reduce speed, increase the following distance, avoid sudden braking "
        + "and sharp turns, check the trailer lights and coupling before every trip, and never exceed the maximum "
        + "permitted trailer load of 1,500 kg or the nose weight of 75 kg stated on the identification plate."
    let chunk = Chunk(ordinal: 90, sentences: [Sentence(text: long, page: 190, kind: .body)],
                      headingPath: ["7 Driving", "7.4 Towing a Trailer"])
    let reply = answer("What should I check when towing a trailer?", [CarManual.result(90, chunk, relevance: 0.6)])
    let quote = try #require(reply.citations.first?.quote)
    #expect(long.count > 200)
    #expect(quote.count <= 200)
    #expect(quote.hasSuffix("…"))
    let kept = String(quote.dropLast())
    #expect(long.hasPrefix(kept))
    #expect(long[long.index(long.startIndex, offsetBy: kept.count)] == " ")
    #expect(reply.answer.contains(long), "the answer itself quotes the whole sentence")
}

@Test func quoteTrimmerHandlesShortTextAndOneLongWord() {
    let trimmer = QuoteTrimmer(maxLength: 10)
    #expect(trimmer.trim("Short  one.") == "Short one.")
    #expect(trimmer.trim("Supercalifragilistic") == "Supercali…")
    #expect(trimmer.trim("Check tire pressure, monthly") == "Check…")
}

/// Wiring tabled under a sentence that names what it belongs to, without a colon to say a table follows.
private let trailerSocket = Chunk(ordinal: 91, sentences: [
    Sentence(text: "7.5 Trailer Socket", page: 191, kind: .heading),
    Sentence(text: "The trailer socket under the rear bumper has a non-standard wiring.", page: 191),
    Sentence(text: "Contact | Signal", page: 191, kind: .tableRow),
    Sentence(text: "L | Left turn signal", page: 191, kind: .tableRow),
    Sentence(text: "R | Right turn signal", page: 191, kind: .tableRow),
    Sentence(text: "M | Ground", page: 191, kind: .tableRow),
], headingPath: ["7 Driving", "7.5 Trailer Socket"])

@Test func askedHowToWireTheTableAfterTheSentenceThatIntroducesItIsQuoted() {
    let reply = answer("How do I wire a trailer socket?", [CarManual.result(91, trailerSocket, relevance: 0.6)])
    let lines = reply.answer.components(separatedBy: "\n")
    #expect(lines.first == "The trailer socket under the rear bumper has a non-standard wiring. [p. 191]", "\(reply.answer)")
    #expect(reply.answer.contains("L | Left turn signal [p. 191]") && reply.answer.contains("M | Ground [p. 191]"), "\(reply.answer)")
    // Asked what it is, not how to wire it, the sentence answers alone.
    let what = answer("What kind of wiring does the trailer socket have?", [CarManual.result(91, trailerSocket, relevance: 0.6)])
    #expect(!what.answer.contains("Left turn signal"), "\(what.answer)")
}

@Test func askedForARangeTheSentenceStatingTheBoundsGoesOnWithTheAnchor() {
    let roofRails = Chunk(ordinal: 92, sentences: [
        Sentence(text: "7.6 Roof Rails", page: 192, kind: .heading),
        Sentence(text: "The roof rails of the estate carry a roof box of any make, weighed in kg (1 kg is 2.2 lb).", page: 192),
        Sentence(text: "The minimum is 5 kg; the maximum is 75 kg including the box.", page: 192),
        Sentence(text: "Drive below 120 km/h with a loaded box.", page: 192),
    ], headingPath: ["7 Driving", "7.6 Roof Rails"])
    let reply = answer("Allowed roof box weight range for the estate's rails", [CarManual.result(92, roofRails, relevance: 0.6)])
    #expect(reply.answer.hasPrefix("The roof rails of the estate carry a roof box"), "\(reply.answer)")
    #expect(reply.answer.contains("The minimum is 5 kg; the maximum is 75 kg including the box."), "\(reply.answer)")
    #expect(!reply.answer.contains("120 km/h"), "\(reply.answer)")
}

@Test func followUpsFromHeadingsThatAreNotNounPhrasesStillReadAsQuestions() {
    // A command heading says what the command does: that is the question.
    #expect(TopicQuestion.make("17.5.32 history: review previous commands") == "How do I review previous commands?")
    #expect(TopicQuestion.make(".DC: DC transfer function") == "What is the DC transfer function?")
    #expect(TopicQuestion.make("Problem: How do I turn off the DWEN fuse?") == "How do I turn off the DWEN fuse?")
    #expect(TopicQuestion.make(".FUNC") == "What does .FUNC do?")
    // The reader's own thing is "my" when the reader asks.
    #expect(TopicQuestion.make("Try your HackRF with Pentoo Linux") == "How do I try my HackRF with pentoo linux?")
    // The head noun, not the last word, says "is" or "are".
    #expect(TopicQuestion.make("Transient Response of RL Circuits") == "What is the transient response of RL circuits?")
    #expect(TopicQuestion.make("Note to packagers and distributors") == "What is the note to packagers and distributors?")
    #expect(TopicQuestion.make("DELQA/DEQNA Qbus Ethernet Controllers (XQ, XQB)")
            == "What are the DELQA/DEQNA qbus ethernet controllers (XQ, XQB)?")
    #expect(TopicQuestion.make("History and Credits") == "What are the history and credits?")
    #expect(TopicQuestion.make("Coupled (Mutual) Inductors") == "What are the coupled (Mutual) inductors?")
    #expect(TopicQuestion.make("RL11/RL01,RL02 Cartridge Disk (RL)") == "What is the RL11/RL01,RL02 cartridge disk (RL)?")
    #expect(TopicQuestion.make("Some license details") == "What are some license details?")
    #expect(TopicQuestion.make("On the historical evolvement of the ngspice licenses")
            == "What about the historical evolvement of the ngspice licenses?")
    #expect(TopicQuestion.make("Equations, ODEs, DAEs, quadrature") == "What about equations, ODEs, DAEs, quadrature?")
    // No topic, or a clause no question can be made of: no suggestion rather than a garbled one.
    #expect(TopicQuestion.make("1 Introduction") == nil)
    #expect(TopicQuestion.make("Example 2") == nil)
    #expect(TopicQuestion.make("How you set it up") == nil)
}

@Test func askedForAKindOfValueThePassageStatingOneAnswersWhereverItRanks() {
    // A radio manual's FAQ: four passages about transmitting, then the entry that states the power in dBm.
    func chunk(_ ordinal: Int, _ heading: String, _ texts: [String], page: Int) -> Chunk {
        Chunk(ordinal: ordinal, sentences: texts.map { Sentence(text: $0, page: page) }, headingPath: ["FAQ", heading],
              keywords: ["transmit", "power"])
    }
    let results = [
        CarManual.result(1, chunk(1, "Transmitting", ["Before you transmit, know the laws that govern the power you may transmit."], page: 20), relevance: 0.82),
        CarManual.result(2, chunk(2, "Amplifiers", ["An external amplifier raises the transmit power; use a bandpass filter with it."], page: 22), relevance: 0.80),
        CarManual.result(3, chunk(3, "Antenna power", ["The antenna port can power an amplifier when you transmit."], page: 23), relevance: 0.78),
        CarManual.result(4, chunk(4, "Modes", ["The radio can transmit or receive, not both at once, at any power setting."], page: 24), relevance: 0.76),
        CarManual.result(5, chunk(5, "Transmit power", ["The radio's maximum transmit power is 15 dBm between 10 MHz and 2150 MHz."], page: 21), relevance: 0.70),
    ]
    // Only the first four are read for an answer; none of them states a power, and the question was declined.
    let reply = answer("How much power does the radio transmit?", results)
    #expect(reply.answer.hasPrefix("The radio's maximum transmit power is 15 dBm"), "\(reply.answer)")
    #expect(reply.citations.first?.page == 21)
}
