import Foundation

/// Document-level facts read from the PDF's info dictionary and trailer.
public struct PDFMetadata: Sendable, Equatable {
    public var title: String?
    public var author: String?
    public var subject: String?
    /// Creation date from the info dictionary, as ISO 8601 in UTC.
    public var creationDate: String?
    /// The permanent part of the trailer /ID, hex-encoded.
    public var pdfID: String?
    public var pageCount: Int
}
