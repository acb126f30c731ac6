import ManualIndex
/// What an answer offers beside its quotes: the citations of its sentences, the pages they stand on, and
/// the follow-up questions from the cited manual.
extension AnswerGenerator {
    /// Follow-ups from the quoted section's neighbourhood in its manual, then from the unquoted passages of
    /// that manual, kept only when the library answers them with medium confidence or better.
    func suggestedFollowUps(_ suggester: FollowUpSuggester, source: FollowUpSource?, anchor: SentenceRef,
                            passages: [AnalysedPassage], from candidates: [AnalysedPassage],
                            quoted: Set<Int>) -> [String] {
        guard settings.maxFollowUps > 0 else { return [] }
        let passage = passages[anchor.passage]
        var neighbourhood: [String] = []
        if let source {
            // The section the anchor stands in: the last heading before it in the chunk, else the chunk's.
            let inner = passage.innerHeading(before: anchor.index)
            let section = inner ?? passage.result.chunk.headingPath.last ?? ""
            neighbourhood = FollowUpNeighbourhood(outline: source.outline(passage.result.documentID),
                                                  titleTerms: Set(TermsMemo.terms(passage.result.documentTitle)))
                .topics(around: section)
        }
        var kept: [String] = []
        for question in suggester.candidates(neighbourhood: neighbourhood, passages: candidates, quoted: quoted)
        where kept.count < settings.maxFollowUps {
            if source?.isAnswerable(question, passage.result.documentID) ?? true { kept.append(question) }
        }
        return kept
    }

    func citation(for ref: SentenceRef, sentence: Sentence, in passages: [AnalysedPassage]) -> Citation {
        let result = passages[ref.passage].result
        let inner = passages[ref.passage].innerHeading(before: ref.index)
        let runsOver = sentence.lastPage > sentence.page
        return Citation(documentID: result.documentID, title: result.documentTitle, file: result.fileName,
                        page: sentence.page, label: passages[ref.passage].label(ofPage: sentence.page),
                        heading: CitedHeading.make(path: result.chunk.headingPath, inner: inner),
                        quote: QuoteTrimmer(maxLength: settings.maxQuoteLength).trim(sentence.text),
                        lastPage: runsOver ? sentence.lastPage : nil,
                        lastLabel: runsOver ? passages[ref.passage].label(ofPage: sentence.lastPage) : nil)
    }

    /// Each cited (document, page) once, in the order the answer first cites it; a sentence that runs over a
    /// page break cites every page it stands on.
    static func sourcePages(_ chosen: [SentenceRef], in passages: [AnalysedPassage]) -> [SourcePage] {
        var pages: [SourcePage] = []
        for ref in chosen {
            let result = passages[ref.passage].result
            for page in result.chunk.sentences[ref.index].pages
            where !pages.contains(where: { $0.documentID == result.documentID && $0.page == page }) {
                pages.append(SourcePage(documentID: result.documentID, file: result.fileName, page: page,
                                        label: passages[ref.passage].label(ofPage: page)))
            }
        }
        return pages
    }
}
