/// What was wrong with a PDF file that could still be read, recorded with its document.
///
/// Neither stops an ingest: the text is indexed and the user is warned. Both matter when a library holds
/// two copies of one manual (a download that broke, a copy-protected copy): their passages score alike,
/// and the copy from a sound file is the one cited (`HybridRetriever`).
public struct SourceCondition: Sendable, Equatable, Codable {
    /// The PDF's permissions say its text may not be copied; it is indexed anyway (docs/reliability.md).
    public var copyRestricted: Bool
    /// The file's cross-reference table is not where the file says (`CrossReferenceCheck`): poppler rebuilt
    /// it by scanning the file, so the file is damaged even though its text came out.
    public var crossReferenceRebuilt: Bool

    public init(copyRestricted: Bool = false, crossReferenceRebuilt: Bool = false) {
        self.copyRestricted = copyRestricted
        self.crossReferenceRebuilt = crossReferenceRebuilt
    }

    /// Nothing wrong was found.
    public var isSound: Bool { !copyRestricted && !crossReferenceRebuilt }

    /// Lower is better; copies of one passage are cited best condition first. A damaged file ranks after
    /// a copy-restricted one: the restriction is the publisher's choice, the damage may have cost text.
    var rank: Int { (crossReferenceRebuilt ? 2 : 0) + (copyRestricted ? 1 : 0) }

    /// One sentence per problem, for the ingest's warnings and `show`.
    public var notes: [String] {
        var notes: [String] = []
        if crossReferenceRebuilt {
            notes.append("the file is damaged (its cross-reference table is not where the file says); its text was "
                         + "recovered and indexed, but a sound copy is better")
        }
        if copyRestricted {
            notes.append("the PDF's permissions do not allow copying its text; it was indexed for your private search "
                         + "anyway (answers quote it)")
        }
        return notes
    }
}
