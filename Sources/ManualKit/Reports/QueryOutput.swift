import Foundation
import ManualAnswer

/// The JSON shape of an answer as `manual query --json` prints it and `GET /api/query` sends it: the
/// answer plus its history id. One type, so both give the same bytes for the same library and question.
public struct QueryOutput: Encodable, Sendable {
    public var answer: Answer
    public var queryID: Int64?

    public init(_ result: AskResult) {
        answer = result.answer
        queryID = result.queryID
    }

    public func encode(to encoder: Encoder) throws {
        try answer.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(queryID, forKey: .queryID)
    }

    private enum Keys: String, CodingKey { case queryID }
}
