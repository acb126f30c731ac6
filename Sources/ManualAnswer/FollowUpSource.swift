import ManualIndex
/// What the answer stage needs from the library to suggest follow-ups: a manual's outline, and whether a
/// question is answered from a manual with medium confidence or better. `ManualLibrary` provides it;
/// the answer stage itself reads nothing.
public struct FollowUpSource {
    /// The heading tree of a document, in reading order.
    public var outline: (_ documentID: Int64) -> [OutlineEntry]
    /// True when the library answers `question` from the document with medium confidence or better.
    public var isAnswerable: (_ question: String, _ documentID: Int64) -> Bool

    public init(outline: @escaping (Int64) -> [OutlineEntry], isAnswerable: @escaping (String, Int64) -> Bool) {
        self.outline = outline
        self.isAnswerable = isAnswerable
    }
}
