/// Points at one sentence: which considered passage, which sentence of its chunk.
struct SentenceRef: Hashable {
    /// 0-based retrieval position of the passage.
    let passage: Int
    /// 0-based index of the sentence within the chunk.
    let index: Int
}
