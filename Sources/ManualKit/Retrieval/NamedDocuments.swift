import Foundation

/// The documents a question names: "avrdude" in "Where do my avrdude settings go?", a product model
/// in "How do I reset the oil light on the Tern?".
///
/// A question word names a document when it is one of the words of the document's title, file name,
/// make or model, and the library's other documents (nearly) never use it: a product's own name, not
/// a word of its subject. "ups" in "Network UPS Tools" names nothing while a cable list also talks
/// of UPSes; a word that names every document, or that many documents use ("manual", "network"),
/// names none.
struct NamedDocuments {
    let ids: Set<Int64>

    /// Chunks of other documents that may use a name, per chunk of the named ones using it (a
    /// mention of the product in a neighbouring manual's list of tools).
    static let strayShare = 0.05

    /// The terms of a document's title, file name, make and model. File names spell words with dashes,
    /// underscores and dots ("nut-user-manual.pdf").
    static func terms(ofNames names: String) -> Set<String> {
        Set(TextAnalyzer.terms(String(names.map { "-_.".contains($0) ? " " : $0 })))
    }

    init(terms: [String], store: Store) throws {
        let documents = try store.documentNames()
        guard documents.count > 1, !terms.isEmpty else {
            ids = []
            return
        }
        // Analysing a thousand titles per question would cost more than the rest of a query: only names
        // holding the start of a question term (a stem keeps its first letters) are analysed.
        let probes = Set(terms).map { $0.unicodeScalars.allSatisfy(\.isASCII) ? String($0.prefix(3)) : "" }
        let nameTerms = documents.compactMap { document -> (id: Int64, terms: Set<String>)? in
            let lowered = document.names.lowercased()
            guard probes.contains(where: { $0.isEmpty || lowered.contains($0) }) else { return nil }
            return (document.id, NamedDocuments.terms(ofNames: document.names))
        }
        var named = Set<Int64>()
        for term in Set(terms) {
            let owners = Set(nameTerms.filter { $0.terms.contains(term) }.map(\.id))
            guard !owners.isEmpty, owners.count < documents.count else { continue }
            let counts = try store.chunkCountsByDocument(of: term)
            let total = counts.values.reduce(0, +)
            let owned = counts.filter { owners.contains($0.key) }.values.reduce(0, +)
            if Double(total - owned) <= max(1, NamedDocuments.strayShare * Double(owned)) {
                named.formUnion(owners)
            }
        }
        ids = named
    }
}
