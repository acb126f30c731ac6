/// Remembers stems already computed; a manual uses a few thousand distinct words many times over.
///
/// Only a lookup cache: nothing is stored or ordered by its hashing.
struct StemCache {
    private var stems: [String: String] = [:]

    mutating func stem(_ word: String) -> String {
        if let known = stems[word] { return known }
        let stemmed = Stemmer.stem(word)
        // Bounded so a pathological input cannot grow it without limit.
        if stems.count > 200_000 { stems.removeAll(keepingCapacity: true) }
        stems[word] = stemmed
        return stemmed
    }
}
