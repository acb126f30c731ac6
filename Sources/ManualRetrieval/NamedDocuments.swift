import Foundation
import ManualIndex

/// The documents a question names: "avrdude" in "Where do my avrdude settings go?", a product model
/// in "How do I reset the oil light on the Tern?".
///
/// A question word names a document when it is one of the words of the document's title, file name,
/// make or model, and the library's other documents (nearly) never use it: a product's own name, not
/// a word of its subject. "ups" in "Network UPS Tools" names nothing while a cable list also talks
/// of UPSes; a word that names every document, or that many documents use ("manual", "network"),
/// names none.
package struct NamedDocuments {
    package let ids: Set<Int64>
    /// The question's terms that named them ("avrdud" in "… in avrdude?").
    package let nameTerms: Set<String>

    /// Chunks of other documents that may use a name, per chunk of the named ones using it (a
    /// mention of the product in a neighbouring manual's list of tools).
    static let strayShare = 0.05

    /// The terms of a document's title, file name, make and model. File names spell words with dashes,
    /// underscores and dots ("nut-user-manual.pdf").
    package static func terms(ofNames names: String) -> Set<String> {
        Set(TextAnalyzer.terms(String(names.map { "-_.".contains($0) ? " " : $0 })))
    }

    /// The first letters of `term` that a document's lowered names must hold for its names to be analysed
    /// (a stem keeps its first letters); empty, which every name holds, for a term that is not ASCII.
    static func probe(of term: String) -> String {
        term.unicodeScalars.allSatisfy(\.isASCII) ? String(term.prefix(3)) : ""
    }

    /// Whether lowered names hold `probe`: on the bytes where Foundation's answer is theirs (`ASCIISearch`);
    /// at 1,008 manuals Foundation's search was an eighth of a question that names no manual.
    static func holds(_ lowered: String, probe: String) -> Bool {
        probe.isEmpty || ASCIISearch.contains(lowered, phrase: probe)
    }

    /// `index`: the library's names as kept for its state (`DocumentNameIndex`); without it, or when it is
    /// unsure of a term, every document's names are read.
    package init(terms question: QueryTerms, store: Store, index: DocumentNameIndex? = nil) throws {
        let terms = question.terms
        let unique = Set(terms)
        let documentCount: Int
        let owners: [String: Set<Int64>]
        if let index, let found = index.owners(of: unique) {
            (documentCount, owners) = (index.documentCount, found)
        } else {
            (documentCount, owners) = try NamedDocuments.readOwners(of: unique, store: store)
        }
        guard documentCount > 1, !terms.isEmpty else {
            ids = []
            nameTerms = []
            return
        }
        var named = Set<Int64>()
        var naming = Set<String>()
        var sizes = ChunkSizes(store: store, library: question.libraryChunks)
        for term in unique {
            let owners = owners[term] ?? []
            guard !owners.isEmpty, owners.count < documentCount else { continue }
            let counts = try store.chunkCountsByDocument(of: term)
            let total = counts.values.reduce(0, +)
            let owned = counts.filter { owners.contains($0.key) }.values.reduce(0, +)
            let stray = total - owned
            // Few other documents use it (a twentieth of the library, or one): "network" is in 73 of Network
            // UPS Tools' 267 chunks and in 24 of the other 11 manuals' 1,966, but in 8 of those manuals; "user"
            // is in the titles of the ngspice, NUT and Gutenprint manuals, and in 5 of the other 7 documents.
            // A word many documents use is a word of their subject or kind, however long the owners are.
            let strayDocuments = counts.keys.filter { !owners.contains($0) }.count
            let fewUseIt = Double(strayDocuments) <= max(1, NamedDocuments.strayShare * Double(documentCount))
            guard fewUseIt else { continue }
            if try Double(stray) <= max(1, NamedDocuments.strayShare * Double(owned))
                || sizes.isRarerElsewhere(stray: stray, owned: owned, owners: owners) {
                named.formUnion(owners)
                naming.insert(term)
            }
        }
        ids = named
        nameTerms = naming
    }

    /// The library's document count and the documents whose names hold each of `terms`, from every
    /// document's names. Analysing a thousand names per question would cost more than the rest of a query:
    /// only names holding the probe of one of the terms are analysed.
    private static func readOwners(of terms: Set<String>, store: Store) throws -> (Int, [String: Set<Int64>]) {
        let documents = try store.documentNames()
        guard documents.count > 1, !terms.isEmpty else { return (documents.count, [:]) }
        let probes = terms.map(NamedDocuments.probe(of:))
        var owners: [String: Set<Int64>] = [:]
        for document in documents {
            let lowered = document.names.lowercased()
            guard probes.contains(where: { NamedDocuments.holds(lowered, probe: $0) }) else { continue }
            let held = NamedDocuments.terms(ofNames: document.names)
            for term in terms where held.contains(term) { owners[term, default: []].insert(document.id) }
        }
        return (documents.count, owners)
    }
}

/// Chunk counts of the library and of its documents; a document's is read once per question, when needed.
private struct ChunkSizes {
    let store: Store
    /// Chunks in the whole library (`QueryTerms.libraryChunks`).
    let library: Int
    private var documents: [Int64: Int] = [:]

    init(store: Store, library: Int) {
        self.store = store
        self.library = library
    }

    /// True when the other documents use the name in a twentieth (`NamedDocuments.strayShare`) of their
    /// chunks, or less, of the share the named ones do: a short manual's name stays its own though a long
    /// neighbour mentions it a few times. "octave" is in 6 of the Octave reference card's 13 chunks and in 5
    /// of the ngspice manual's 999 ("plot with Octave"), which the count of stray chunks alone took for a
    /// word of the subject.
    mutating func isRarerElsewhere(stray: Int, owned: Int, owners: Set<Int64>) throws -> Bool {
        let unread = owners.filter { documents[$0] == nil }
        if !unread.isEmpty { documents.merge(try store.chunkCounts(ofDocuments: unread)) { first, _ in first } }
        let ownerChunks = owners.reduce(0) { $0 + (documents[$1] ?? 0) }
        let otherChunks = library - ownerChunks
        guard ownerChunks > 0, otherChunks > 0 else { return false }
        return Double(stray) / Double(otherChunks) <= NamedDocuments.strayShare * Double(owned) / Double(ownerChunks)
    }
}
