extension Answer {
    /// The name a reader sees for the manual `citation` comes from: its title, followed by its file when
    /// another manual this answer cites or lists under "Also in" has the same title (two copies or
    /// editions of one manual in a library would otherwise read as the same source listed twice).
    public func sourceName(of citation: Citation) -> String {
        let shown = citations + (alsoIn ?? [])
        let sameTitle = shown.contains { $0.documentID != citation.documentID && $0.title == citation.title }
        return sameTitle ? "\(citation.title) (\(citation.file))" : citation.title
    }
}
