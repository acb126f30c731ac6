import ManualIndex
import ManualQuestion
/// Suggests questions the library can answer that are near, but not the same as, the one asked.
struct FollowUpSuggester {
    let question: QuestionTerms
    let limit: Int

    /// For an answered question: the quoted section's neighbourhood in the manual's outline
    /// (`FollowUpNeighbourhood`), then the headings of retrieved chunks of that manual that were not quoted,
    /// best-ranked first, as questions (`TopicQuestion`). More than `limit`: the library keeps those that
    /// it can answer (`AnswerableFollowUps`).
    func candidates(neighbourhood: [String], passages: [AnalysedPassage], quoted: Set<Int>) -> [String] {
        var picker = TopicPicker(question: question, limit: limit * FollowUpSuggester.candidatesPerSuggestion)
        for passage in passages where quoted.contains(passage.position) {
            picker.exclude(passage.result.chunk.headingPath.last ?? "")
        }
        for topic in neighbourhood { picker.offer(topic) }
        for passage in passages where !quoted.contains(passage.position)
            && !passage.result.chunk.headingPath.contains(where: NavigationHeading.isFrontMatter) {
            picker.offer(passage.result.chunk.headingPath.last ?? "")
        }
        return picker.questions
    }

    /// Candidates looked at per suggestion wanted: most headings near an answer are answerable.
    static let candidatesPerSuggestion = 2

    /// For an unanswered question: the first library topics, so the reader sees what is covered.
    func suggestions(libraryTopics: [String]) -> [String] {
        var picker = TopicPicker(question: question, limit: limit)
        for topic in libraryTopics { picker.offer(topic) }
        return picker.questions
    }
}
