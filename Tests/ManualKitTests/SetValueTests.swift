import Testing
@testable import ManualKit

/// "What does setting sdorder to -1 do?" is answered by the sentence giving sdorder that value, not by the one
/// introducing the setting, which holds more of the question's words.
@Suite struct SetValueTests {
    @Test func theValueASettingIsSetToIsRead() {
        #expect(SetValue.asked(in: "What does setting sdorder to -1 in a ups.conf device section do?")
            == SetValue(settingTerms: ["sdorder"], value: "-1"))
        #expect(SetValue.asked(in: "What happens if I set maxretry to 0?") == SetValue(settingTerms: ["maxretri"], value: "0"))
        #expect(SetValue.asked(in: "What does pollfreq=30 mean?") == SetValue(settingTerms: ["pollfreq"], value: "30"))
        #expect(SetValue.asked(in: "What does sdorder = -1 mean?") == SetValue(settingTerms: ["sdorder"], value: "-1"))
        // An amount with its unit, or a "to" no setting verb comes before, sets no value.
        #expect(SetValue.asked(in: "How do I set the line-time clock to 50 Hz?") == nil)
        #expect(SetValue.asked(in: "How long does it take to go from 0 to 100?") == nil)
        #expect(SetValue.asked(in: "What does the -e option do?") == nil)
    }

    @Test func theValueIsStatedAsAWholeNumber() {
        let value = SetValue(settingTerms: ["sdorder"], value: "-1")
        #expect(value.isStated(in: "set its sdorder to -1."))
        #expect(value.isStated(in: "sdorder=-1"))
        #expect(!value.isStated(in: "sdorder = -10"))
        #expect(!value.isStated(in: "x-1 and 2-1"))
        #expect(!value.isStated(in: "a value of -1.5"))
    }

    @Test func theSentenceGivingTheSettingThatValueLeads() {
        let answer = OnePassage.answer("What does setting sdorder to -1 in a ups.conf device section do?", from: [
            Sentence(text: "Multiple UPS shutdowns ordering", page: 46, kind: .heading),
            Sentence(text: "To set the order in which your UPSes receive the shutdown commands, define the sdorder value in your ups.conf device sections.", page: 46),
            Sentence(text: "The order runs from 0 to the highest number available.", page: 47),
            Sentence(text: "If you have a UPS that should not be powered off when running upsdrvctl shutdown, set its sdorder to -1.", page: 47),
        ], path: ["Configuration notes", "Multiple UPS shutdowns ordering"])
        #expect(answer.answer.hasPrefix("If you have a UPS that should not be powered off"), "\(answer.answer)")
        #expect(answer.citations.first?.page == 47)
    }
}
