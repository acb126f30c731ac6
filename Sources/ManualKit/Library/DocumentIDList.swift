/// Document ids as a person reads them in a status line: "#1, #2, #3, … 12 more".
public enum DocumentIDList {
    /// A few ids say which; after an upgrade every document is stale, and a thousand ids say nothing more.
    public static func describe(_ ids: [Int64], shown: Int = 8) -> String {
        ids.prefix(shown).map { "#\($0)" }.joined(separator: ", ") + (ids.count > shown ? ", … \(ids.count - shown) more" : "")
    }
}
