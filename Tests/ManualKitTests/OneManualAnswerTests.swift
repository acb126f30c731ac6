import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualQuestion

/// In a library of several manuals an answer quotes one of them, names it in every marker, and lists
/// the others that speak to the question under "Also in" (issue 17).
@Suite(.serialized) struct OneManualAnswerTests {
    static let library = FixtureLibrary()

    @Test func aQuestionBothManualsAnswerIsQuotedFromOneAndTheOtherIsAlsoIn() throws {
        let answer = try Self.library.library.ask("How do I clean it?", record: false).answer
        let quoted = Set(answer.citations.map(\.documentID))
        #expect(quoted.count == 1, "\(answer.answer)")
        let elsewhere = Set((answer.alsoIn ?? []).map(\.documentID))
        #expect(!elsewhere.isEmpty && elsewhere.isDisjoint(with: quoted), "\(String(describing: answer.alsoIn))")
        // Every marker names the manual it cites.
        let markers = answer.answer.components(separatedBy: "[").dropFirst().map { $0.prefix { $0 != "]" } }
        #expect(!markers.isEmpty && markers.allSatisfy { $0.hasPrefix("Northwind ") && ($0.contains(" p. ") || $0.contains(" pp. ")) }, "\(answer.answer)")
    }

    @Test func followUpsComeFromTheQuotedManual() throws {
        let answer = try Self.library.library.ask("How do I descale the kettle?", record: false).answer
        #expect(Set(answer.citations.map(\.documentID)) == [2], "\(answer.answer)")
        // Section titles without their numbers ("5.3 Changing the Engine Oil" -> "changing the engine oil").
        let carSections = try Self.library.library.store.headings(documentID: 1).map {
            $0.title.lowercased().drop { $0.isNumber || $0 == "." || $0 == " " }
        }
        #expect(!answer.suggestedFollowUps.isEmpty)
        for followUp in answer.suggestedFollowUps {
            #expect(!carSections.contains { !$0.isEmpty && followUp.lowercased().contains($0) }, "a car section offered: \(followUp)")
        }
    }

    @Test func aLongProcedureIsQuotedToItsEighthStepThenPointsToTheRest() throws {
        let answer = try Self.library.library.ask("How do I change a flat tire?", record: false).answer
        #expect(answer.answer.hasPrefix("1. Park on firm, level ground"), "\(answer.answer)")
        #expect(answer.answer.contains("8. Fit the spare wheel") && !answer.answer.contains("9. Lower"), "\(answer.answer)")
        #expect(answer.answer.hasSuffix("… [Northwind Tern 2024 p. 35] for the rest"), "\(answer.answer)")
    }

    @Test func aQuestionAcrossManualsMayQuoteSeveral() throws {
        #expect(QuestionIntent(typed: "Which of my manuals cover the warranty?").acrossManuals)
        #expect(!QuestionIntent(typed: "How long is the warranty?").acrossManuals)
    }

    @Test func navigationLinesAreRecognised() {
        #expect(NavigationLine.isNavigation("4.8 What is the big spike in the center of my received spectrum? . . . . . . . 23"))
        #expect(NavigationLine.isNavigation("Tire pressure..........17"))
        #expect(NavigationLine.isNavigation("tire pressure, 17, 18, 23"))
        #expect(NavigationLine.isNavigation("17, 18"))
        #expect(!NavigationLine.isNavigation("Inflate the tires to 230 kPa (2.3 bar, 33 psi)."))
        #expect(!NavigationLine.isNavigation("The warranty lasts 3 years or 100,000 km, whichever comes first."))
    }

    @Test func shortNamesComeFromTheTitle() {
        #expect(DocumentShortName.make(title: "Northwind Tern 2024 Owner's Manual", fileName: "car.pdf") == "Northwind Tern 2024")
        #expect(DocumentShortName.make(title: "avrdude-manual", fileName: "avrdude-manual.pdf") == "avrdude")
        #expect(DocumentShortName.make(title: "HackRF", fileName: "hackrf.pdf") == "HackRF")
        #expect(DocumentShortName.make(title: "User Manual", fileName: "washer.pdf") == "washer")
        // A remark in brackets or after a colon is no part of the name.
        #expect(DocumentShortName.make(title: "HackRF (pages 7-8 and 21-24 rasterised; no text layer)", fileName: "scan.pdf") == "HackRF")
        #expect(DocumentShortName.make(title: "Kettle K2: quick guide", fileName: "kettle.pdf") == "Kettle K2")
    }

    @Test func documentsSharingAShortNameAreNamedByTheirFiles() {
        let names = DocumentShortName.markerNames([
            (id: 1, title: "HackRF", fileName: "hackrf-manual.pdf"),
            (id: 2, title: "HackRF (pages 7-8 rasterised)", fileName: "scanned-hackrf.pdf"),
            (id: 3, title: "avrdude-manual", fileName: "avrdude-manual.pdf"),
            (id: 4, title: "Kettle", fileName: "kettle.pdf"),
            (id: 5, title: "Kettle Guide", fileName: "kettle.pdf"),
        ])
        #expect(names == [1: "hackrf-manual", 2: "scanned-hackrf", 3: "avrdude", 4: "kettle #4", 5: "kettle #5"])
    }
}
