import Foundation

/// Picks the title a person sees in `list`: the PDF's own title unless it is an authoring tool's
/// leftover ("Microsoft Word - pdp11_doc.doc", "untitled"), else the file name.
enum DocumentTitle {
    private static let sourceExtensions = [".doc", ".docx", ".odt", ".rtf", ".txt", ".tex", ".dvi", ".indd", ".pdf", ".ps"]
    private static let placeholders: Set<String> = ["untitled", "title", "document", "no title", "unknown", "slide 1"]

    static func choose(metadataTitle: String?, fileName: String) -> String {
        let fallback = (fileName as NSString).deletingPathExtension
        guard let title = metadataTitle?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            return fallback
        }
        let lowered = title.lowercased()
        let isLeftover = placeholders.contains(lowered)
            || lowered.hasPrefix("microsoft word - ") || lowered.hasPrefix("microsoft powerpoint - ")
            || sourceExtensions.contains { lowered.hasSuffix($0) }
        return isLeftover ? fallback : title
    }
}
