/// The heading a quoted sentence stands under, as a citation shows it ("4 Wheels > 4.2 Tire Pressure").
///
/// A chunk's heading path names one section, but a chunk of short sections holds several, with their
/// headings as sentences: a sentence under "4 Scanning from a Computer" in a chunk whose path ends at
/// "6 Troubleshooting" is cited under the former. The last heading sentence before the quote decides;
/// a sentence before any heading of its chunk keeps the chunk's path.
enum CitedHeading {
    /// `path`: the chunk's heading path; `inner`: the last heading sentence before the quoted one, if any.
    static func make(path: [String], inner: String?) -> String {
        guard let inner, !inner.isEmpty, !path.contains(inner) else { return path.joined(separator: " > ") }
        guard let last = path.last else { return inner }
        // "4.2 Programmer Definitions" under a path ending at "4 Configuration File" is its child;
        // otherwise it is a later section beside the path's last one.
        if let parent = SectionNumber.parse(last), let child = SectionNumber.parse(inner),
           child.depth > parent.depth, Array(child.components.prefix(parent.depth)) == parent.components {
            return (path + [inner]).joined(separator: " > ")
        }
        return (path.dropLast() + [inner]).joined(separator: " > ")
    }
}
