import Foundation

/// A sentence that sends the reader to another section ("For a way to print the addresses of all
/// printers on the network, see Section 2.3 [Example Command Line Invocations]") says where the
/// answer is. When it matches the question well and that section is among the passages considered, the
/// section's sentences have the shape of the answer: the manual itself points at them.
enum CrossReference {
    /// A pointer must hold at least this share of the question's weighted terms to be followed.
    static let minimumCoverage = 0.5

    /// True when `pointer` names the section `headingPath` ends in: by its title of two words or more
    /// ("Example Command Line Invocations"), or by its number after "section", "chapter" or "sec."
    /// ("see Section 2.3" for "2.3 Example Command Line Invocations").
    static func names(_ headingPath: [String], in pointer: String) -> Bool {
        guard let heading = headingPath.last else { return false }
        let text = pointer.lowercased()
        let (number, title) = split(heading)
        if title.split(separator: " ").count >= 2, text.contains(title.lowercased()) { return true }
        guard let number else { return false }
        return ["section ", "chapter ", "sec. ", "chapt. "].contains { lead in
            var search = text.startIndex..<text.endIndex
            while let found = text.range(of: lead + number, range: search) {
                // "Section 2.3" names 2.3, not 2.31 or 2.3.1.
                let rest = text[found.upperBound...]
                let goesOn = rest.first?.isNumber == true || (rest.first == "." && rest.dropFirst().first?.isNumber == true)
                if !goesOn { return true }
                search = found.upperBound..<text.endIndex
            }
            return false
        }
    }

    /// "2.3 Example Command Line Invocations" -> ("2.3", "Example Command Line Invocations").
    private static func split(_ heading: String) -> (number: String?, title: String) {
        let parts = heading.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, first.first?.isNumber == true, first.allSatisfy({ $0.isNumber || $0 == "." })
        else { return (nil, heading) }
        let number = first.hasSuffix(".") ? String(first.dropLast()) : String(first)
        return (number, parts.count > 1 ? String(parts[1]) : "")
    }
}
