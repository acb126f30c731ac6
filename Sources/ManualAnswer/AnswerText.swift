import Foundation
import ManualIndex

/// Writes the quoted sentences as the answer text, each followed by its page marker.
enum AnswerText {
    /// "Sentence. [p. 12] Next sentence. [p. 13]"; table rows and list items go on lines of their own,
    /// as they stand in the manual. N is the physical page the sentence stands on, "pp. 32-33" for one that
    /// runs over a page break. With `document`, the marker names the manual too ("[HackRF p. 21]"), as in a
    /// library of several.
    /// `continuesOn`: a procedure was cut short; the answer ends "… [p. N] for the rest".
    static func compose(_ sentences: [Sentence], document: String? = nil, continuesOn: Int? = nil) -> String {
        let prefix = document.map { "\($0) " } ?? ""
        var out = ""
        for (index, sentence) in sentences.enumerated() {
            if index > 0 {
                let onOwnLine = sentence.kind == .tableRow || sentence.kind == .listItem
                    || sentences[index - 1].kind == .tableRow || sentences[index - 1].kind == .listItem
                out += onOwnLine ? "\n" : " "
            }
            out += "\(sentence.text.strippingSpacesAndNewlines) [\(prefix)\(PageName.span(page: sentence.page, lastPage: sentence.lastPage))]"
        }
        if let continuesOn { out += "\n… [\(prefix)p. \(continuesOn)] for the rest" }
        return out
    }
}
