import ManualIndex
/// The heading a quoted sentence stands under, as a citation shows it ("4 Wheels > 4.2 Tire Pressure").
///
/// A chunk's heading path names one section, but a chunk of short sections holds several, with their
/// headings as sentences: a sentence under "4 Scanning from a Computer" in a chunk whose path ends at
/// "6 Troubleshooting" is cited under the former. The last heading sentence before the quote decides;
/// a sentence before any heading of its chunk keeps the chunk's path.
enum CitedHeading {
    /// `path`: the chunk's heading path; `inner`: the last heading sentence before the quoted one, if any.
    static func make(path: [String], inner: String?) -> String {
        self.path(path, inner: inner).joined(separator: " > ")
    }

    /// The headings a sentence stands under: `path`, or with `inner` in its place in the outline.
    static func path(_ path: [String], inner: String?) -> [String] {
        guard let inner, !inner.isEmpty, !path.contains(inner) else { return path }
        guard let last = path.last else { return [inner] }
        // "4.2 Programmer Definitions" under a path ending at "4 Configuration File" is its child; "2.3
        // Multi-Information Display" after "2 Instruments > 2.2 Warning Lights" stands beside 2.2, under 2.
        if let child = SectionNumber.parse(inner) {
            if let parent = SectionNumber.parse(last), child.depth > parent.depth,
               Array(child.components.prefix(parent.depth)) == parent.components {
                return path + [inner]
            }
            // Kept: the numbered headings it lies under, and an unnumbered part title above them ("I Ngspice
            // User's Manual"); from the first numbered heading it does not lie under, nothing.
            if path.contains(where: { SectionNumber.parse($0) != nil }) {
                var kept: [String] = []
                for heading in path {
                    if let number = SectionNumber.parse(heading) {
                        guard number.depth < child.depth, Array(child.components.prefix(number.depth)) == number.components
                        else { break }
                    } else if kept.contains(where: { SectionNumber.parse($0) != nil }) {
                        break
                    }
                    kept.append(heading)
                }
                return kept + [inner]
            }
        }
        // Otherwise it is a later section beside the path's last one.
        return path.dropLast() + [inner]
    }
}
