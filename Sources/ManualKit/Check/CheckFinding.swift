/// One thing `manual check` found, with the command that fixes it.
public struct CheckFinding: Sendable, Equatable, Codable {
    /// What was checked: `integrity`, `fullTextIndex`, `vectors`, `orphans`, `vectorFile`, `pipeline`,
    /// `readings` (chunks without the rows and marks ingest now stores), `sources`, `history`.
    public var check: String
    public var severity: Severity
    /// One line for a person.
    public var message: String
    /// The command that fixes it; `manual check --repair` when the repair is one of its own.
    public var fix: String
    /// Whether `check --repair` repairs it.
    public var repairable: Bool

    public enum Severity: String, Sendable, Codable {
        /// The library is damaged: answers may be wrong or missing until it is fixed.
        case problem
        /// Not damage, but work to do (a stale document, a vector file the next query rebuilds).
        case notice
    }
}
