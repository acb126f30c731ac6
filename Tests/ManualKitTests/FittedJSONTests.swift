import Foundation
import Testing
@testable import ManualKit
@testable import ManualAnswer
@testable import ManualIndex
@testable import ManualRetrieval

/// The compiled fitted parameters are read without `JSONDecoder` (`FittedJSON`), to the same values.
@Suite struct FittedJSONTests {
    @Test func theCompiledParametersReadAsJSONDecoderReadsThem() throws {
        let answer = try #require(FittedJSON.parse(FittedAnswerWeights.json).flatMap(AnswerWeights.init(fitted:)))
        #expect(answer == FittedResource.decoded(AnswerWeights.self, FittedAnswerWeights.json))
        #expect(answer == AnswerWeights.fitted)
        let fusion = try #require(FittedJSON.parse(FittedFusionWeights.json).flatMap(FusionWeights.init(fitted:)))
        #expect(fusion == FittedResource.decoded(FusionWeights.self, FittedFusionWeights.json))
    }

    @Test func jsonValuesReadAsJSONReadsThem() {
        #expect(FittedJSON.parse(#" {"a": [1, -2.5e-3, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n"} "#)
            == .object(["a": .array([.number(1), .number(-0.0025), .bool(true), .bool(false), .null]),
                        "b": .string("x\"é😀\n")]))
        #expect(FittedJSON.parse("0.1")?.number == 0.1)
        for bad in ["", "{", #"{"a" 1}"#, "[1,]", "1 2", #""\x""#, "+1", "nan", #"{"a": 1} x"#] {
            #expect(FittedJSON.parse(bad) == nil, "\(bad)")
        }
        // A parameter missing or of another type is not read as a default.
        #expect(FittedJSON.parse(#"{"semanticMinSpan": 0.1, "proximityWeight": "1", "passageWeight": 0.2, "source": ""}"#)
            .flatMap(FusionWeights.init(fitted:)) == nil)
    }
}
