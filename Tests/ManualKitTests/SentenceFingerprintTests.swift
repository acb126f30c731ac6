import Testing
@testable import ManualKit
@testable import ManualAnswer

/// Overlapping chunks deliver a sentence twice; the copies must be told apart from different sentences
/// however they were spaced, cased or punctuated.
@Suite struct SentenceFingerprintTests {
    @Test func copiesDifferingInSpacingCaseAndPunctuationAreOneSentence() {
        let a = SentenceFingerprint("Inflate the tires to 2.3 bar (33 psi).")
        let b = SentenceFingerprint("inflate the  TIRES to 2 3 bar 33 psi")
        #expect(a == b)
        #expect(a.text == "inflate the tires to 2 3 bar 33 psi")
        #expect(!SentenceFingerprint("Inflate the tires to 2.5 bar.").duplicates(a))
    }

    /// The byte path for ASCII text gives what the character path gives; text with other characters takes
    /// the character path.
    @Test func theASCIIPathAgreesWithTheCharacterPath() {
        for text in ["", "   ", "Usage: wr3-scan [-b BAND]\r\nnext", "A1b2-C3_d4 !@#[]`{}~^", "\t\u{1}\u{7F}Z",
                     "ALL CAPS, then digits 0123456789.", "@[`{"] {
            #expect(SentenceFingerprint(text).text == SentenceFingerprint.characterText(text), "\(text.debugDescription)")
        }
        #expect(SentenceFingerprint("Café Über 3½").text == "café über 3½")
    }
}
