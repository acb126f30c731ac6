import Foundation

/// Headings that organise a manual rather than say anything about its subject.
public enum NavigationHeading {
    /// Pages that only point elsewhere: retrieving them answers nothing.
    private static let navigation: Set<String> = [
        "contents", "table of contents", "index", "list of figures", "list of tables", "list of illustrations",
    ]
    /// Navigation plus the front matter that names no topic of the manual.
    private static let frontMatter: Set<String> = navigation.union([
        "cover", "about this manual", "preface", "copyright", "title page", "foreword", "legal notice", "notices",
    ])

    /// True for a contents, index or list-of-figures heading.
    public static func isNavigation(_ title: String) -> Bool { navigation.contains(normalise(title)) }

    /// True for navigation and for cover, preface or copyright headings.
    /// Also an index by another name ("Concept Index", "Index of Commands"). Ingest drops only what
    /// `isNavigation` names (the pipeline's fingerprint covers that); the answer stage skips these too.
    public static func isFrontMatter(_ title: String) -> Bool {
        let name = normalise(title)
        return frontMatter.contains(name) || name.hasSuffix(" index") || name.hasPrefix("index of ")
    }

    private static func normalise(_ title: String) -> String {
        title.lowercased().trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    }
}
