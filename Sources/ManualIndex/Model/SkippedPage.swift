/// A page whose extraction was given up, and why ("extraction took longer than 10 s").
public struct SkippedPage: Sendable, Equatable, Codable {
    public var page: Int
    public var reason: String

    public init(page: Int, reason: String) {
        self.page = page
        self.reason = reason
    }

    /// "page 7: extraction took longer than 10 s, skipped"
    public var description: String { "page \(page): \(reason), skipped" }
}
