import Foundation

/// Paths to the committed fixture PDFs and the facts recorded about them.
public enum Fixtures {
    /// The repository's Fixtures/ folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The sample owner's manual (Northwind Tern 2024).
    public static var sampleManual: String { root.appendingPathComponent("sample-manual.pdf").path }

    /// A small edge-case file from Fixtures/edge/.
    public static func edge(_ name: String) -> String { root.appendingPathComponent("edge/\(name)").path }

    /// The weather radio's guide (`scripts/make-answer-fixtures`): a contents page that repeats a FAQ
    /// question, a usage block after the sentence it illustrates, a six-step procedure, labels i, ii, 1-5.
    public static var radioGuide: String { root.appendingPathComponent("answers/radio-guide.pdf").path }
    public static var dishwasherGuide: String { root.appendingPathComponent("answers/dishwasher-guide.pdf").path }
    /// The weather radio's one-page quick-reference card (`scripts/make-answer-fixtures`): three columns, each
    /// of short tables of keys and what they do, drawn column by column; rows in different columns stand level.
    public static var quickCard: String { root.appendingPathComponent("answers/quick-card.pdf").path }

    /// A scanned copy from Fixtures/scanned/ (`scripts/make-scanned-fixtures`).
    public static func scanned(_ name: String) -> String { root.appendingPathComponent("scanned/\(name)").path }

    /// What Fixtures/sample-manual.facts.json says about the sample manual.
    public static let facts: SampleFacts = {
        let url = root.appendingPathComponent("sample-manual.facts.json")
        guard let data = try? Data(contentsOf: url),
              let facts = try? JSONDecoder().decode(SampleFacts.self, from: data) else {
            fatalError("cannot read \(url.path)")
        }
        return facts
    }()
}

/// Ground truth about the sample manual, checked against pdftotext when the fixture is built.
public struct SampleFacts: Decodable, Sendable {
    public struct Fact: Decodable, Sendable {
        public var phrase: String
        public var page: Int
    }
    public struct Heading: Decodable, Sendable {
        public var title: String
        public var page: Int
        public var level: Int
    }
    public struct Hyphenation: Decodable, Sendable {
        public var joined: String
        public var page: Int
    }
    public var file: String
    public var pageCount: Int
    public var title: String
    public var author: String
    /// Physical page (as a string key) -> printed label.
    public var labels: [String: String]
    public var outline: [Heading]
    public var facts: [Fact]
    public struct CompoundBreak: Decodable, Sendable {
        public var text: String
        public var page: Int
    }
    public struct PageBreakParagraph: Decodable, Sendable {
        public var first: Fact
        public var second: Fact
    }
    public struct TableRow: Decodable, Sendable {
        public var row: String
        public var page: Int
    }
    public var hyphenated: [Hyphenation]
    public var compoundHyphenBreaks: [CompoundBreak]
    public var deliberateSentence: Fact
    public var pageBreakParagraph: PageBreakParagraph
    public var tableRows: [TableRow]
    /// Physical pages that carry the running header and footer.
    public var headerFooterPages: [Int]
    /// The running header as poppler extracts it (typographic apostrophe).
    public var header: String
}
