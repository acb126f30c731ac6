import ManualIndex
/// A definition list's item line ("‘section_config’") quoted with the sentence that describes it.
///
/// The item line names what the description is about and states nothing of its own, so the two read as
/// one statement with one page marker: "‘section_config’ Programmer will erase configuration section
/// …  [p. 29]", cited on the page where the item line stands.
struct QuotedSentence {
    /// The first sentence quoted: the item line when one was folded in.
    let ref: SentenceRef
    let sentence: Sentence

    /// `chosen`, in order, with each item line folded into the description sentence right after it.
    static func joining(_ chosen: [SentenceRef], in passages: [AnalysedPassage]) -> [QuotedSentence] {
        var out: [QuotedSentence] = []
        var index = 0
        while index < chosen.count {
            let ref = chosen[index]
            let passage = passages[ref.passage]
            var sentence = passage.sentences[ref.index]
            if index + 1 < chosen.count, passage.isTermLine[ref.index] {
                let next = chosen[index + 1]
                if next.passage == ref.passage, passage.termHeads[next.index] == ref.index, next.index == ref.index + 1 {
                    let description = passage.sentences[next.index]
                    sentence = Sentence(text: sentence.text + " " + description.text, page: sentence.page,
                                        lastPage: description.lastPage, kind: description.kind)
                    index += 1
                }
            }
            out.append(QuotedSentence(ref: ref, sentence: sentence))
            index += 1
        }
        return out
    }
}
