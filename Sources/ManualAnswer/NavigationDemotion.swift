import ManualIndex
import ManualRetrieval
/// A contents page ranks below the page it points to (issue 17). A contents line repeats a section's
/// title word for word ("5.2 What is the loud hum when the radio is on the charger? . . . 5"), so the
/// keyword channel found the contents page as readily as the section itself. A chunk's keyword score
/// now counts only the question's words that its own text holds outside its navigation lines (contents
/// and index entries, dot leaders: `NavigationLine`); those lines stay indexed and still lead retrieval
/// to the manual, but no longer outrank the answer.
package struct NavigationDemotion {
    let terms: QueryTerms
    let settings: RetrievalSettings

    package init(terms: QueryTerms, settings: RetrievalSettings) {
        self.terms = terms
        self.settings = settings
    }

    /// Results read beyond those kept, so that a demoted contents page makes room for the next passage.
    package static let margin = 3

    /// `results` with their keyword scores (and the relevance and evidence made from them) scaled by the
    /// share of their matched question words found outside navigation lines, re-ranked by relevance
    /// (ties keep their order; the entry of an option the question names still leads: `HybridRetriever`).
    package func apply(_ results: [SearchResult]) -> [SearchResult] {
        let demoted = results.map(demote)
        guard demoted != results else { return results }
        return demoted.enumerated().sorted { a, b in
            if a.element.definesOption != b.element.definesOption { return a.element.definesOption }
            return a.element.relevance != b.element.relevance ? a.element.relevance > b.element.relevance : a.offset < b.offset
        }.map(\.element)
    }

    private func demote(_ result: SearchResult) -> SearchResult {
        // Only a keyword score is lowered: a passage the semantic channel alone found is not judged.
        guard result.keywordScore > 0 else { return result }
        let sentences = result.chunk.sentences
        let navigation = result.chunk.navigationFlags
        guard navigation.contains(true) else { return result }
        // The chunk's terms as the answer stage reads them (remembered per chunk), with and without its
        // navigation lines.
        let analysis = ChunkAnalysis.of(result.chunk)
        let own = sentences.indices.filter { !navigation[$0] }
            .reduce(into: analysis.pathTerms) { $0.formUnion(analysis.sentenceTerms[$1]) }
        let everything = terms.coverage(of: terms.matched(among: analysis.allTerms))
        let outside = terms.coverage(of: terms.matched(among: own))
        guard everything > 0, outside < everything else { return result }
        let lost = settings.keywordWeight * result.keywordScore * (1 - outside / everything) * (result.documentFactor ?? 1)
        var demoted = result
        demoted.keywordScore *= outside / everything
        demoted.relevance = max(0, result.relevance - lost)
        demoted.evidence = max(0, result.evidence - lost)
        return demoted
    }
}
