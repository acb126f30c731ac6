/// A leading section number such as "4", "4.2", "4.2.1.", "4.1)" or "A.3", and the title after it.
package struct SectionNumber: Sendable, Equatable {
    /// "4.2.1" -> ["4", "2", "1"].
    package var components: [String]
    /// What closed the number: "." (as in "4."), ")" (as in "4.1)") or nil.
    var closer: Character?
    /// The text after the number, trimmed.
    var title: String

    /// Nesting depth: "4" is 1, "4.2" is 2.
    package var depth: Int { components.count }

    var titleStartsUppercase: Bool { title.first.map { $0.isUppercase } ?? false }

    /// Reads the number at the start of `text`; nil when there is none or nothing follows it.
    package static func parse(_ text: String) -> SectionNumber? {
        var chars = Substring(text)
        var components: [String] = []
        while true {
            var component = ""
            while let c = chars.first, c.isASCII, c.isNumber, component.count < 3 {
                component.append(c)
                chars = chars.dropFirst()
            }
            // An appendix letter may lead a number ("A.3"), never stand alone.
            if component.isEmpty, components.isEmpty, let c = chars.first, c.isASCII, c.isUppercase,
               chars.dropFirst().first == ".", chars.dropFirst(2).first?.isNumber == true {
                component = String(c)
                chars = chars.dropFirst()
            }
            guard !component.isEmpty else { break }
            if let c = chars.first, c.isNumber { return nil }  // four digits: a year or a value, not a section
            components.append(component)
            guard chars.first == ".", chars.dropFirst().first?.isNumber == true else { break }
            chars = chars.dropFirst()
        }
        guard !components.isEmpty else { return nil }
        var closer: Character?
        if let c = chars.first, c == "." || c == ")" {
            closer = c
            chars = chars.dropFirst()
        }
        guard chars.first == " " else { return nil }
        let title = chars.drop { $0 == " " }
        guard let first = title.first, first.isLetter else { return nil }
        return SectionNumber(components: components, closer: closer, title: String(title))
    }
}
