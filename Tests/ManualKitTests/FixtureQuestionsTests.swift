import Foundation
import Testing
import TestSupport
@testable import ManualKit
@testable import ManualRetrieval

/// Our own labelled questions about the sample manual (Fixtures/questions.jsonl), run through the
/// library API as a quality floor: a change that makes retrieval worse fails here.
@Suite(.serialized) struct FixtureQuestionsTests {
    struct Question: Decodable {
        var id: String
        var doc: String?
        var question: String
        var pages: [Int]
        var kind: String
    }

    static let questions: [Question] = {
        let url = Fixtures.root.appendingPathComponent("questions.jsonl")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Question.self, from: Data($0.utf8)) }
    }()

    static let library = FixtureLibrary()

    /// The second set: paraphrases only, in words the manuals avoid (Fixtures/paraphrase-questions.jsonl).
    static let paraphrases: [Question] = {
        let url = Fixtures.root.appendingPathComponent("paraphrase-questions.jsonl")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Question.self, from: Data($0.utf8)) }
    }()

    @Test func paraphrasesFindTheirPageInTheTopFive() throws {
        let answerable = Self.paraphrases.filter { $0.doc != nil }
        #expect(answerable.count >= 20)
        var hits = 0
        for q in answerable {
            let answer = try Self.library.library.ask(q.question, retrieval: RetrievalSettings(topK: 5), record: false).answer
            let document = q.doc == "small.pdf" ? "small.pdf" : "sample-manual.pdf"
            if answer.results.contains(where: { r in r.file == document && q.pages.contains { r.firstPage <= $0 && $0 <= r.lastPage } }) {
                hits += 1
            }
        }
        // 22/24 with the static table; the hashed features found 18.
        #expect(hits >= 21, "paraphrase hit@5 \(hits)/\(answerable.count)")
    }

    @Test func answerableQuestionsFindTheirPageInTheTopFive() throws {
        let answerable = Self.questions.filter { $0.doc != nil }
        #expect(answerable.count >= 30)
        var hits = 0, cited = 0
        for q in answerable {
            let answer = try Self.library.library.ask(q.question, retrieval: RetrievalSettings(topK: 5), record: false).answer
            if answer.results.contains(where: { r in q.pages.contains { r.firstPage <= $0 && $0 <= r.lastPage } }) { hits += 1 }
            if answer.citations.contains(where: { q.pages.contains($0.page) }) { cited += 1 }
        }
        // Measured 35/35 and 28/35 when this test was written.
        #expect(Double(hits) / Double(answerable.count) >= 0.95, "hit@5 \(hits)/\(answerable.count)")
        #expect(Double(cited) / Double(answerable.count) >= 0.75, "citation accuracy \(cited)/\(answerable.count)")
    }

    @Test func unanswerableQuestionsAreNotAnsweredConfidently() throws {
        let unanswerable = Self.questions.filter { $0.doc == nil }
        #expect(unanswerable.count >= 6)
        var declined = 0
        for q in unanswerable {
            let answer = try Self.library.library.ask(q.question, record: false).answer
            #expect(answer.confidence != .high, "\(q.id) answered with high confidence")
            if answer.confidence == .none || (answer.confidence == .low && answer.citations.isEmpty) { declined += 1 }
        }
        #expect(declined >= unanswerable.count / 2, "declined \(declined)/\(unanswerable.count)")
    }

    /// The answer stage as a whole on the paraphrases: single answers move when the fitted weights are
    /// refitted (`scripts/fit-answer-weights`); these shares must not fall.
    @Test func paraphrasesAreAnsweredFromTheirPageAndUnanswerableOnesDeclined() throws {
        var cited = 0, unsure = 0, declined = 0
        let answerable = Self.paraphrases.filter { $0.doc != nil }, unanswerable = Self.paraphrases.filter { $0.doc == nil }
        for q in Self.paraphrases {
            let answer = try Self.library.library.ask(q.question, record: false).answer
            if q.doc == nil {
                if answer.confidence == .none && answer.citations.isEmpty { declined += 1 }
                continue
            }
            if answer.citations.contains(where: { q.pages.contains($0.page) }) { cited += 1 }
            if answer.confidence == .none || answer.confidence == .low { unsure += 1 }
        }
        // Measured 18/25 cited, 2 of 25 declined or low, 5/5 unanswerable declined (the fitted stage, sample library).
        #expect(cited >= 16, "citation accuracy \(cited)/\(answerable.count)")
        #expect(unsure <= 4, "over-abstain \(unsure)/\(answerable.count)")
        #expect(declined >= 4, "abstain \(declined)/\(unanswerable.count)")
    }

    @Test func theSameQuestionGivesTheSameAnswerTwice() throws {
        let first = try Self.library.library.ask("How do I change a flat tire?", record: false).answer
        let second = try Self.library.library.ask("How do I change a flat tire?", record: false).answer
        #expect(StableJSON.string(first) == StableJSON.string(second))
    }
}
