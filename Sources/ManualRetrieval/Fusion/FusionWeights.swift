import ManualIndex
/// The fitted parameters of the hybrid fusion and its re-ranking: how the semantic channel's cosines are
/// stretched onto the keyword channel's scale, and how much term proximity and the best passage's cosine
/// weigh within their channels. The 40/60 split between the channels is the design's and is not fitted.
///
/// They come from `scripts/fit-fusion` (deterministic; it names its version and data in `source`), compiled
/// in as `FittedFusionWeights.json`; `MANUAL_FUSION_WEIGHTS=FILE` replaces them for one process, which is
/// how the script scores a held-out manual.
public struct FusionWeights: Sendable, Equatable, Codable {
    /// The smallest spread of cosines that the semantic channel stretches onto 0...1 (`SemanticNormalization`).
    /// Candidates whose cosines lie closer together than this are told apart by less than the full scale:
    /// when the question is close in meaning to no passage in particular, the channel's noise does not
    /// outweigh the keyword channel.
    public var semanticMinSpan: Double
    /// `RetrievalSettings.proximityWeight`.
    public var proximityWeight: Double
    /// `RetrievalSettings.passageWeight`.
    public var passageWeight: Double
    /// What produced these parameters: script version, data.
    public var source: String

    /// The parameters compiled into this build, or those named by `MANUAL_FUSION_WEIGHTS`.
    public static let current = FittedResource.load(FusionWeights.self, variable: variable, compiled: FittedFusionWeights.json)

    /// The environment variable that names a file of other parameters.
    public static let variable = "MANUAL_FUSION_WEIGHTS"

    /// The parameters of `MANUAL_FUSION_WEIGHTS`, nil when it is not set; throws `FittedResourceError` for a
    /// file that cannot be read or decoded.
    public static func fromEnvironment() throws -> FusionWeights? {
        try FittedResource.fromEnvironment(FusionWeights.self, variable: variable)
    }
}

extension FusionWeights: FittedParameters {
    package init?(fitted json: FittedJSON) {
        guard let semanticMinSpan = json["semanticMinSpan"]?.number, let proximityWeight = json["proximityWeight"]?.number,
              let passageWeight = json["passageWeight"]?.number, let source = json["source"]?.string else { return nil }
        self.init(semanticMinSpan: semanticMinSpan, proximityWeight: proximityWeight, passageWeight: passageWeight,
                  source: source)
    }
}
