import Testing
@testable import ManualAnswer

/// A feature's place in a `FeatureVector` is its place in `allCases`, the order the weights and
/// `--explain` list features in.
@Suite struct SentenceFeatureTests {
    @Test func positionsAreTheOrderOfAllCases() {
        #expect(SentenceFeature.allCases.enumerated().allSatisfy { $0.offset == $0.element.position })
        var vector = FeatureVector()
        vector[.namesAskedModel] = 0.5
        vector.mark(.ownCoverage, true)
        #expect(vector.values.first == 1 && vector.values.last == 0.5 && vector.values.dropFirst().dropLast().allSatisfy { $0 == 0 })
    }
}
