import Foundation
import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex

/// What may be quoted beside the sentence that answers: sentences of its own branch of the outline, and
/// never a bare label.
@Suite struct SectionBranchTests {
    private let sentences = [
        Sentence(text: "A.1.1 Unix Installation", page: 52, kind: .heading),
        Sentence(text: "If you do not have root access to your system, you can do the following instead:", page: 52, kind: .body),
        Sentence(text: "A.1.1.1 FreeBSD Installation", page: 52, kind: .heading),
        Sentence(text: "% su - root # cd /usr/ports/devel/avrdude # make install", page: 52, kind: .body),
        Sentence(text: "A.1.2 Windows Installation", page: 53, kind: .heading),
        Sentence(text: "There are two options to build avrdude from source under Windows.", page: 53, kind: .body),
    ]

    @Test func aSubsectionIsInItsParentsBranchAndASiblingIsNot() {
        #expect(SentenceSelector.sameBranch(3, 1, in: sentences, chunkHeading: "A.1 Unix"))
        #expect(SentenceSelector.sameBranch(5, 5, in: sentences, chunkHeading: nil))
        // "A.1.2" after "A.1.1.1": another branch.
        #expect(!SentenceSelector.sameBranch(3, 5, in: sentences, chunkHeading: "A.1 Unix"))
        // Unnumbered headings tell nothing of the outline: a heading between parts the sentences.
        let unnumbered = sentences.map { s in
            s.kind == .heading ? Sentence(text: String(s.text.drop { $0 != " " }.dropFirst()), page: s.page, kind: .heading) : s
        }
        #expect(!SentenceSelector.sameBranch(1, 3, in: unnumbered, chunkHeading: nil))
    }

    @Test func aLabelOfOneWordIsBare() {
        #expect(SentenceShape.isBareLabel("Examples:"))
        #expect(SentenceShape.isBareLabel("Syntax: "))
        #expect(!SentenceShape.isBareLabel("Do the following:"))
        #expect(!SentenceShape.isBareLabel(":"))
        #expect(!SentenceShape.isBareLabel("Examples"))
    }
}
