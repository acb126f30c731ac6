import ManualIndex
import ManualQuestion
/// Collects distinct topics in the order offered, skipping ones the question or the answer already covers.
struct TopicPicker {
    let question: QuestionTerms
    let limit: Int
    private(set) var questions: [String] = []
    private var seenTopics: [[String]] = []

    init(question: QuestionTerms, limit: Int) {
        self.question = question
        self.limit = limit
    }

    /// Marks a topic as already answered so it is not suggested.
    mutating func exclude(_ topic: String) {
        let key = TopicPicker.key(topic)
        if !key.isEmpty { seenTopics.append(key) }
    }

    mutating func offer(_ topic: String) {
        guard questions.count < limit else { return }
        let key = TopicPicker.key(topic)
        // A topic inside one already listed ("pressure" after "Tire Pressure") adds nothing.
        // The section number is not part of the topic ("5.2 Cleaning the Air Filter" is what "clean the
        // air filter" asked).
        guard !key.isEmpty, !seenTopics.contains(where: { Set(key).isSubset(of: $0) }),
              !question.isSameTopic(as: TopicQuestion.clean(topic)),
              let phrased = TopicQuestion.make(TopicQuestion.clean(topic)) else { return }
        seenTopics.append(key)
        questions.append(phrased)
    }

    /// Topics with the same terms are the same topic however they are worded or numbered.
    private static func key(_ topic: String) -> [String] {
        Array(Set(TextAnalyzer.terms(TopicQuestion.clean(topic)))).sorted()
    }
}
