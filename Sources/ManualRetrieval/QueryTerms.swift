import Foundation
import ManualIndex

/// The question's stemmed terms with their library-wide idf.
package struct QueryTerms {
    let terms: [String]
    /// The terms no chunk of the library contains (`UnknownName` declines a question that names one).
    package let unknown: Set<String>
    /// How many chunks the library holds: the idf's total, read once per question (`NamedDocuments` uses it too).
    let libraryChunks: Int
    private let idfByTerm: [String: Double]

    /// `libraryChunks`: the library's chunk count when the caller has it already (a count of a large
    /// library's chunks reads the whole index of the chunks table: 783 pages at 1,008 manuals); nil reads it.
    package init(question: String, store: Store, libraryChunks known: Int? = nil) {
        var seen = Set<String>()
        terms = TextAnalyzer.terms(question).filter { seen.insert($0).inserted }
        libraryChunks = known ?? (try? store.chunkCount()) ?? 0
        let total = Double(libraryChunks)
        let frequencies = (try? store.chunkFrequencies(of: terms)) ?? [:]
        var idf: [String: Double] = [:]
        for term in terms {
            // Smoothed so a term no chunk contains still has a finite, largest weight.
            idf[term] = log((total + 1) / (Double(frequencies[term] ?? 0) + 0.5))
        }
        idfByTerm = idf
        unknown = Set(terms.filter { (frequencies[$0] ?? 0) == 0 })
    }

    func idf(_ term: String) -> Double { max(0.01, idfByTerm[term] ?? 1) }

    /// Every term's idf, as `idf(_:)` gives it.
    package var idfs: [String: Double] {
        Dictionary(uniqueKeysWithValues: terms.map { ($0, idf($0)) })
    }

    /// The question's terms that occur in `text`, in question order.
    func matched(in text: String) -> [String] {
        matched(among: Set(TermsMemo.terms(text)))
    }

    /// The question's terms among `present`, in question order.
    package func matched(among present: Set<String>) -> [String] {
        terms.filter(present.contains)
    }

    /// idf-weighted share of the question's terms among `matched`. A phrasing word ("go", "get":
    /// `PhrasingWords`) that no chunk contains is left out, as the answer leaves it out: it
    /// names no topic, and as a term no chunk holds it weighed the most. In a small guide where no chunk
    /// says "go", "Where does the antenna go?" scored every chunk under the evidence floor.
    package func coverage(of matched: [String]) -> Double {
        let total = terms.reduce(0) { $0 + (unknown.contains($1) && PhrasingWords.terms.contains($1) ? 0 : idf($1)) }
        guard total > 0 else { return 0 }
        return matched.reduce(0) { $0 + idf($1) } / total
    }
}
