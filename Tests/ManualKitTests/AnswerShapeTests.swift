import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion
@testable import ManualRetrieval

/// What a reader of an answer sees first (issue 17), on the weather radio's guide beside the kettle's:
/// the sentence that answers, from the right page, short, never a contents line or a usage block nobody
/// asked for; a procedure as its steps; follow-ups from the same manual that the library can answer.
@Suite(.serialized) struct AnswerShapeTests {
    static let library = FixtureLibrary([Fixtures.radioGuide, Fixtures.edge("small.pdf")])
    static let radio: Int64 = 1

    private func ask(_ question: String) throws -> Answer {
        try Self.library.library.ask(question, record: false).answer
    }

    /// Words of the answer without its page markers.
    private func words(_ answer: Answer) -> Int {
        answer.answer.replacingOccurrences(of: #"\[[^\]]*p\. \d+\]"#, with: "", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).count
    }

    @Test func aQuestionTheContentsRepeatIsAnsweredFromItsPageNotTheContents() throws {
        let answer = try ask("What is the loud hum when the radio is on the charger?")
        #expect(answer.answer.hasPrefix("The hum comes from the switching supply inside the charger. [Northwind Weather Radio p. 7]"),
                "\(answer.answer)")
        // The reply goes on to the remedy, and stops there.
        #expect(answer.answer.contains("Move the charger at least 30 cm away"), "\(answer.answer)")
        #expect(answer.citations.allSatisfy { $0.page == 7 && $0.label == "5" }, "\(answer.citations)")
        #expect(!answer.answer.contains(". . ."))
        // The contents page repeats the question word for word, yet ranks below the page it points to.
        #expect(answer.results.first.map { $0.firstPage...$0.lastPage ~= 7 } == true, "\(answer.results.map(\.heading))")
        let contents = answer.results.firstIndex { $0.heading.contains("Contents") }
        #expect(contents.map { $0 > 0 } ?? true)
        #expect(words(answer) <= 40, "\(answer.answer)")
        #expect(answer.confidence == .high || answer.confidence == .medium)
    }

    /// Contents lines are recognised at ingest and stored as such with their chunk (`NavigationMarks`).
    @Test func contentsLinesAreMarkedAtIngest() throws {
        let chunks = try Self.library.library.store.chunks(documentID: Self.radio)
        var marked: [String] = []
        for stored in chunks {
            let marks = try #require(stored.chunk.navigationMarks)
            #expect(marks == NavigationMarks(judging: stored.chunk.sentences))
            marked += marks.lines.map { stored.chunk.sentences[$0].text }
        }
        #expect(marked.contains { $0.contains("What is the loud hum when the radio is on the charger?") }, "\(marked)")
        #expect(!marked.contains { $0.hasPrefix("The hum comes from") })
    }

    /// The answer reads the marks stored with a chunk: a sentence marked as a contents line is not quoted.
    /// Marks judged by other rules (another revision) are judged again.
    @Test func theStoredMarksAreWhatTheAnswerReads() throws {
        let fixture = FixtureLibrary([Fixtures.radioGuide])
        let question = "What is the loud hum when the radio is on the charger?"
        let store = fixture.library.store
        let stored = try #require(try store.chunks(documentID: 1).first { chunk in
            chunk.chunk.sentences.contains { $0.text.hasPrefix("The hum comes from") }
        })
        let index = try #require(stored.chunk.sentences.firstIndex { $0.text.hasPrefix("The hum comes from") })
        let count = stored.chunk.sentences.count
        #expect(try fixture.library.ask(question, record: false).answer.answer.hasPrefix("The hum comes from"))
        // Answers are remembered per library state (`AnswerMemo`), and every write through the store changes
        // it; these writes go around the store, so each also counts itself as one.
        let counted = "INSERT INTO library_state (key, value) VALUES ('document_moves', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1"
        try SQLiteFile.execute(store.path, "UPDATE chunks SET navigation_lines = '\(NavigationLine.revision);\(count);\(index)' WHERE id = \(stored.id)")
        try SQLiteFile.execute(store.path, counted)
        let marked = try ManualLibrary(path: store.path).ask(question, record: false).answer
        #expect(!marked.answer.contains("The hum comes from"), "\(marked.answer)")
        try SQLiteFile.execute(store.path, "UPDATE chunks SET navigation_lines = '\(NavigationLine.revision + 1);\(count);\(index)' WHERE id = \(stored.id)")
        try SQLiteFile.execute(store.path, counted)
        #expect(try ManualLibrary(path: store.path).ask(question, record: false).answer.answer.hasPrefix("The hum comes from"))
    }

    @Test func navigationMarksReadBackAsTheyWereAndRejectAnythingElse() {
        let marks = NavigationMarks(revision: 1, sentenceCount: 12, lines: [3, 4, 11])
        #expect(marks.encoded == "1;12;3,4,11")
        #expect(NavigationMarks(encoded: marks.encoded) == marks)
        #expect(NavigationMarks(encoded: "1;5;") == NavigationMarks(revision: 1, sentenceCount: 5, lines: []))
        for bad in ["", "1;5", "1;5;5", "1;5;3,2", "1;5;-1", "x;5;1", "1;5;1;2", "1;-2;"] {
            #expect(NavigationMarks(encoded: bad) == nil, "\(bad)")
        }
    }

    @Test func aFaultReportedInTheOwnersWordsIsAnsweredByTheTroubleshootingEntrysSolution() throws {
        // "won't turn on ... charging" shares no telling word with "does not switch on ... plugged in";
        // without the entry's shape the charging light's sentence on page 3 answered.
        let answer = try ask("The radio won't turn on even though it is charging")
        #expect(answer.answer.hasPrefix("Problem: The radio does not switch on, even with the charger plugged in. [Northwind Weather Radio p. 8]"),
                "\(answer.answer)")
        #expect(answer.answer.contains("Hold the POWER button for 10 seconds to wake the battery"), "\(answer.answer)")
        #expect(answer.citations.allSatisfy { $0.page == 8 && $0.label == "6" }, "\(answer.citations)")
        // The reply of that entry only, not the next entry's.
        #expect(!answer.answer.contains("alert switch"), "\(answer.answer)")
        #expect(words(answer) <= 50, "\(answer.answer)")
        // A question that reports no fault is not answered from the troubleshooting page.
        let charge = try ask("How long does a full charge last?")
        #expect(charge.answer.hasPrefix("A full charge lasts about 20 hours"), "\(charge.answer)")
        #expect(!charge.answer.contains("Solution:"), "\(charge.answer)")
    }

    @Test func aCitationNamesTheSectionTheQuoteStandsUnder() throws {
        // The guide's short sections 4 to 6 share one chunk, whose heading path ends at "6 Troubleshooting".
        let scan = try ask("What does the wr3-scan program do?")
        #expect(scan.citations.first?.heading == "4 Scanning from a Computer", "\(scan.citations)")
        let fault = try ask("The radio won't turn on even though it is charging")
        #expect(fault.citations.allSatisfy { $0.heading == "6 Troubleshooting" }, "\(fault.citations)")
        // A numbered heading inside its parent's chunk is shown under the parent.
        #expect(CitedHeading.make(path: ["4 Configuration File"], inner: "4.2 Programmer Definitions")
                == "4 Configuration File > 4.2 Programmer Definitions")
        #expect(CitedHeading.make(path: ["1 Intro", "1.1 Scope"], inner: "1.2 Terms") == "1 Intro > 1.2 Terms")
        #expect(CitedHeading.make(path: ["1 Intro", "1.1 Scope"], inner: nil) == "1 Intro > 1.1 Scope")
        // A later section stands under the headings it is numbered under, below an unnumbered part title.
        #expect(CitedHeading.make(path: ["I User's Manual", "12 Mixed-Mode", "12.2 Analog Models"], inner: "13 Verilog-A")
                == "I User's Manual > 13 Verilog-A")
        #expect(CitedHeading.make(path: ["2 Controls", "2.2 Lights", "2.2.4 Indicators"], inner: "2.3 Display")
                == "2 Controls > 2.3 Display")
        // Unnumbered, it stands beside the path's last heading.
        #expect(CitedHeading.make(path: ["Safety", "Airbags"], inner: "Child Seats") == "Safety > Child Seats")
    }

    @Test func theAnswerDoesNotDependOnHowManyResultsAreListed() throws {
        for question in ["What is the tuning step on FM?", "How do I set the alarm?", "Why does the radio hum on its charger?"] {
            let few = try Self.library.library.ask(question, retrieval: RetrievalSettings(topK: 2), record: false).answer
            let many = try Self.library.library.ask(question, retrieval: RetrievalSettings(topK: 10), record: false).answer
            #expect(few.results.count == 2 && many.results.count > 2, "\(many.results.count)")
            #expect(few.answer == many.answer && few.citations == many.citations && few.confidence == many.confidence
                    && few.score == many.score && few.suggestedFollowUps == many.suggestedFollowUps, "\(question)")
        }
    }

    @Test func aUsageBlockIsNotQuotedUnlessTheQuestionAsksForTheCommandLine() throws {
        let what = try ask("What does the wr3-scan program do?")
        #expect(what.answer.hasPrefix("The wr3-scan program on your computer makes the radio scan a band"), "\(what.answer)")
        #expect(!what.answer.contains("Usage:") && !what.answer.contains("-b BAND"), "\(what.answer)")
        #expect(what.citations.first?.page == 6 && what.citations.first?.label == "4")
        #expect(words(what) <= 40, "\(what.answer)")

        // Asked for the FM tuning step, the band table answers, not the program's "-s STEP" option.
        let step = try ask("What is the tuning step on FM?")
        #expect(step.answer.contains("FM | 87.5 to 108 MHz | 100 kHz [Northwind Weather Radio p. 4]"), "\(step.answer)")
        #expect(!step.answer.contains("STEP"), "\(step.answer)")
    }

    @Test func askedForAnOptionTheUsageBlockIsTrimmedToTheMatchingRow() throws {
        let answer = try ask("Which wr3-scan option sets the tuning step?")
        #expect(answer.answer.contains("-s STEP | tuning step in kHz (default 100) [Northwind Weather Radio p. 6]"), "\(answer.answer)")
        #expect(!answer.answer.contains("-b BAND |") && !answer.answer.contains("-o FILE |"), "\(answer.answer)")
    }

    @Test func askedForAnOptionByItsLetterItsRowIsQuoted() throws {
        // The term analyser drops "o"; the option as written, case and all, picks the row.
        let answer = try ask("What does the -o option do?")
        #expect(answer.answer.contains("-o FILE | write the station list to FILE [Northwind Weather Radio p. 6]"), "\(answer.answer)")
        #expect(!answer.answer.contains("-b BAND |") && !answer.answer.contains("-s STEP |"), "\(answer.answer)")
    }

    @Test func anOptionIsNamedByItsExactToken() {
        let options = NamedOptions("What do -O and --no-spiceinit do, and is (-v) enough?")
        #expect(options.options == ["-O", "--no-spiceinit", "-v"])
        #expect(options.named(in: "-O Perform a RC oscillator run-time calibration."))
        #expect(options.named(in: "Usage: ngspice [--no-spiceinit] file"))
        // Another case is another option; a word with a hyphen inside is none.
        #expect(!NamedOptions("What does -O do?").named(in: "-o FILE write the list"))
        #expect(!NamedOptions("What does -O do?").named(in: "a run-O-matic device"))
        #expect(NamedOptions("What is a well-known run-time?").isEmpty)
    }

    @Test func aSixStepProcedureIsQuotedWholeInOrder() throws {
        let answer = try ask("How do I set the alarm?")
        let lines = answer.answer.components(separatedBy: "\n")
        #expect(lines.first == "To set the alarm: [Northwind Weather Radio p. 5]", "\(answer.answer)")
        #expect(lines.dropFirst().map { String($0.prefix(2)) } == ["1.", "2.", "3.", "4.", "5.", "6."], "\(answer.answer)")
        #expect(!answer.answer.contains("for the rest"))
        #expect(answer.citations.allSatisfy { $0.page == 5 && $0.label == "3" })
    }

    @Test func anAmountIsAnsweredByTheSentenceThatStatesIt() throws {
        let answer = try ask("How long does a full charge last?")
        #expect(answer.answer == "A full charge lasts about 20 hours of listening at medium volume. [Northwind Weather Radio p. 3]",
                "\(answer.answer)")
    }

    @Test func followUpsComeFromTheCitedManualAndAreAnswerable() throws {
        for question in ["What is the loud hum when the radio is on the charger?", "How do I set the alarm?"] {
            let answer = try ask(question)
            #expect(answer.citations.first?.documentID == Self.radio)
            #expect(!answer.suggestedFollowUps.isEmpty, "\(question)")
            let radioHeadings = try Self.library.library.store.headings(documentID: Self.radio).map {
                Set(TextAnalyzer.terms(TopicQuestion.clean($0.title)))
            }
            for followUp in answer.suggestedFollowUps {
                #expect(!followUp.lowercased().contains("manual say about"), "\(followUp)")
                // Phrased from a heading of the radio's guide...
                let asked = Set(TextAnalyzer.terms(followUp))
                #expect(radioHeadings.contains { !$0.isEmpty && $0.isSubset(of: asked) }, "\(followUp)")
                // ...and answered from it.
                let next = try ask(followUp)
                #expect(next.confidence == .high || next.confidence == .medium, "\(followUp): \(next.confidence)")
                #expect(next.citations.first?.documentID == Self.radio, "\(followUp)")
            }
        }
        // The FAQ beside the quoted one comes first: the reader's next question is likely there.
        let hum = try ask("What is the loud hum when the radio is on the charger?")
        #expect(hum.suggestedFollowUps.first == "Why does the display flash 12:00?", "\(hum.suggestedFollowUps)")
    }
}
