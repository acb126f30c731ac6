import Testing
@testable import ManualKit
@testable import ManualIndex
@testable import ManualQuestion

/// "Start the tuner without loading my preset file" asks how to leave something out: the sentence saying how
/// leads, not the one describing what is left out, which holds more of the question's words.
@Suite struct AvoidanceQuestionTests {
    private func words(_ question: String) -> [String] { question.lowercased().split { !$0.isLetter }.map(String.init) }

    @Test func aQuestionAskingToLeaveSomethingOut() {
        #expect(AvoidanceStatement.isAsked(in: words("Start the tuner without loading my preset file")))
        #expect(AvoidanceStatement.isAsked(in: words("Skip the check after writing")))
        #expect(AvoidanceStatement.isAsked(in: words("The ID reads wrong but the part works; how do I carry on anyway?")))
        #expect(AvoidanceStatement.isAsked(in: words("How is the automatic scan disabled?")))
        // "without" saying how something is done, in a question asking for a measure.
        #expect(!AvoidanceStatement.isAsked(in: words("How close must the key be to open the door without pressing anything?")))
        #expect(!AvoidanceStatement.isAsked(in: words("How do I load my preset file?")))
    }

    @Test func aSentenceSayingHowSomethingIsNotDone() {
        #expect(AvoidanceStatement.states("The --no-presets option prevents the tuner from reading presets.cfg."))
        #expect(AvoidanceStatement.states("Don’t try to load the preset file upon start-up."))
        #expect(AvoidanceStatement.states("-V Disable the automatic verify check."))
        #expect(AvoidanceStatement.states("--no-presets"))
        #expect(AvoidanceStatement.states("This option is provided to override the check."))
        #expect(!AvoidanceStatement.states("When the tuner starts, it loads your preset file presets.cfg from your home directory."))
        #expect(!AvoidanceStatement.states("The knowledge base lists every preset."))
    }

    @Test func whatIsLeftOutIsWhatTheQuestionNames() {
        #expect(AvoidanceStatement.avoided(in: words("Start the tuner without loading my preset file")) == Set(TextAnalyzer.terms("loading preset file")))
        #expect(AvoidanceStatement.avoided(in: words("Skip the read-back check after writing")) == Set(TextAnalyzer.terms("read back check after")))
        #expect(AvoidanceStatement.avoided(in: words("How do I load my preset file?")) == nil)
    }

    /// "Is there a setting that fixes this without editing the circuit?" is not answered by "… prevents the
    /// simulation from completing", which says how a thing is not done, but not of editing the circuit.
    @Test func aSentenceLeavingOutSomethingElseIsNoAnswer() {
        let answer = OnePassage.answer("The tuner stops with a clock error. Is there a setting that fixes this without rewiring the antenna?", from: [
            Sentence(text: "A clock error prevents the tuner from completing its scan.", page: 40),
            Sentence(text: "Set the option clockfix=1 in tuner.cfg to fix the clock error; the antenna stays as it is.", page: 40),
        ], path: ["6 Troubleshooting", "6.1 Clock errors"], title: "Tuner", file: "tuner.pdf").answer
        #expect(answer.hasPrefix("Set the option clockfix=1 in tuner.cfg"), "\(answer)")
    }

    @Test func howToLeaveItOutLeadsTheAnswer() {
        let answer = OnePassage.answer("Start the tuner without loading my preset file", from: [
            Sentence(text: "When the tuner starts, it loads your preset file presets.cfg from your home directory.", page: 31),
            Sentence(text: "The file holds up to 40 stations, one per line.", page: 31),
            Sentence(text: "The --no-presets option prevents the tuner from reading presets.cfg; the factory stations are used instead.", page: 31),
        ], path: ["4 Starting", "4.2 Presets"], title: "Tuner", file: "tuner.pdf").answer
        #expect(answer.hasPrefix("The --no-presets option prevents the tuner from reading presets.cfg"), "\(answer)")
    }
}
