import Foundation
import ManualIndex

/// A sentence that says what something is set to until the user changes it: "The default mode is 8B.",
/// "0 | 30 kHz (default)", "RELTOL, which default value is 10−3", "off by default", "Initial memory size
/// is 256KB.", or a row of a table
/// whose header has a "Default" column.
///
/// Asked for a default, a manual's own statement of it is the answer; a sentence that merely holds a
/// number (the next row of the speed table, another terminal's mode) is not, though it has an amount's
/// shape. `SentenceScorer` gives the shape of an answer to default statements alone when the passages
/// considered hold one.
enum DefaultStatement {
    /// True when `text` states a default rather than mention one ("instead of the default binary SPI mode").
    static func states(_ text: String) -> Bool {
        // Every pattern holds one of the two words: a plain search rules out almost every sentence
        // before the regular expression runs (it runs on every sentence of every passage read).
        guard ASCIISearch.containsIgnoringCase(text, "default")
                || ASCIISearch.containsIgnoringCase(text, "initial") else { return false }
        // By hand where it can say (`DefaultStatementMatcher`), so ICU's regular expressions stay unloaded.
        return DefaultStatementMatcher.matches(text) ?? pattern.matches(text)
    }

    /// True for a table header with a column of defaults ("Name | Parameter | Units | Default | Example").
    static func headsDefaultColumn(_ sentence: Sentence) -> Bool {
        sentence.kind == .tableRow && ASCIISearch.components(sentence.text, separatedBy: " | ").contains {
            let cell = $0.strippingSpaces.lowercased()
            return cell == "default" || cell == "default value" || cell == "defaults"
        }
    }

    static let pattern = CompiledPattern(#"\(default\b|\bby default\b|\bdefault value\b|\b(is|are|as) (the )?default\b|\bdefaults? (to|is|are|was|=|:)|\b(default|initial)\s+\w+(\s+\w+)?\s+(is|are)\b|\bdefault\s*[:=]"#, caseInsensitive: true)

    /// For each sentence, whether it states a default: by its words, as a row under a header with a
    /// default column, or as the lead-in of a table or list that states one.
    static func marks(_ sentences: [Sentence]) -> [Bool] {
        var out = sentences.map { states($0.text) }
        var index = 0
        while index < sentences.count {
            let kind = sentences[index].kind
            guard kind == .tableRow || kind == .listItem else { index += 1; continue }
            var end = index
            while end + 1 < sentences.count, sentences[end + 1].kind == kind { end += 1 }
            let block = index...end
            // The rows under a header with a default column (a table may open with a stray row before it).
            if kind == .tableRow, let header = block.first(where: { headsDefaultColumn(sentences[$0]) }) {
                out[header] = false
                for row in (header + 1)..<(end + 1) { out[row] = true }
            }
            if index > 0, SentenceShape.introducesBlock(sentences[index - 1]), block.contains(where: { out[$0] }) {
                out[index - 1] = true
            }
            index = end + 1
        }
        return out
    }
}
