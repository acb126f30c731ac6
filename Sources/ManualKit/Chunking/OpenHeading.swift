/// A heading whose section is still open where a window of pages ends: the next window's text
/// starts under it.
public struct OpenHeading: Sendable, Equatable {
    public var level: Int
    public var title: String

    public init(level: Int, title: String) {
        self.level = level
        self.title = title
    }
}
