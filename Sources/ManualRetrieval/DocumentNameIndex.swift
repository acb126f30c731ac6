import Foundation
import ManualIndex

/// Which documents' names hold each term (`NamedDocuments.terms(ofNames:)`), worked out from every
/// document's names at once, so that it can be kept per library state (`KeptLibraryFacts`) and a question
/// need not read and search every document's names: at 1,008 manuals that was an eighth of a question.
///
/// It gives what `NamedDocuments` works out from the names themselves, byte for byte. That reading
/// analyses a document's names only when they hold the first letters of one of the question's terms (its
/// probe), so a term whose owner lacks the term's own probe ("meteo" from "Météo") is owned or not
/// depending on the question's other terms: such a term is marked unsure, and a question holding it reads
/// the names as before.
package struct DocumentNameIndex: Sendable, Equatable {
    /// How many documents the library holds.
    package let documentCount: Int
    /// The index as kept: the document count on the first line, then one line per term, sorted,
    /// `term<TAB>id id …` (ascending ids), or `term<TAB>*` for an unsure term.
    package let text: String

    private static let unsure = "*"

    /// The index of these documents' names.
    package init(documents: [(id: Int64, names: String)]) {
        var owners: [String: [Int64]] = [:]
        var unsure = Set<String>()
        for document in documents {
            let lowered = document.names.lowercased()
            for term in NamedDocuments.terms(ofNames: document.names) {
                if NamedDocuments.holds(lowered, probe: NamedDocuments.probe(of: term)) {
                    owners[term, default: []].append(document.id)
                } else {
                    unsure.insert(term)
                }
            }
        }
        var lines = ["\(documents.count)"]
        for term in Set(owners.keys).union(unsure).sorted() {
            lines.append(term + "\t" + (unsure.contains(term) ? DocumentNameIndex.unsure
                : owners[term, default: []].sorted().map(String.init).joined(separator: " ")))
        }
        documentCount = documents.count
        text = lines.joined(separator: "\n") + "\n"
    }

    /// The index kept as `text`; nil when it is not one.
    package init?(text: String) {
        guard let end = text.firstIndex(of: "\n"), let count = Int(text[..<end]), count >= 0 else { return nil }
        documentCount = count
        self.text = text
    }

    /// The documents whose names hold each of `terms` (a term no name holds is left out); nil when one
    /// of them is unsure, so the names must be read.
    package func owners(of terms: Set<String>) -> [String: Set<Int64>]? {
        var out: [String: Set<Int64>] = [:]
        for term in terms {
            guard let line = line(of: term) else { continue }
            if line == DocumentNameIndex.unsure { return nil }
            out[term] = Set(line.split(separator: " ").compactMap { Int64($0) })
        }
        return out
    }

    /// What follows `term`'s tab on its line, nil when the index has no line for it. Line by line with
    /// `memchr` and `memcmp`: a thousand lines are a few microseconds, where splitting the text was more.
    private func line(of term: String) -> Substring? {
        let key = Array((term + "\t").utf8)
        var text = self.text
        return text.withUTF8 { bytes -> Substring? in
            guard let base = bytes.baseAddress else { return nil }
            var start = 0
            while start < bytes.count {
                let rest = bytes.count - start
                let end = memchr(base + start, 0x0A, rest).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                if end - start >= key.count, memcmp(base + start, key, key.count) == 0 {
                    return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[(start + key.count)..<end]), as: UTF8.self)
                }
                start = end + 1
            }
            return nil
        }
    }
}
