import ManualIndex
/// The fitted parameters of the answer stage: the sentence features' weights and the answerability
/// model. They come from `scripts/fit-answer-weights` (deterministic; it names its version and the labelled
/// data it read in `source`), compiled in as `FittedAnswerWeights.json`.
///
/// `MANUAL_ANSWER_WEIGHTS=FILE` replaces them for one process: the fitting script scores each held-out
/// manual with weights fitted on the others this way. A file that cannot be read is refused by the CLI
/// before any question (`AnswerWeights.fromEnvironment`).
public struct AnswerWeights: Sendable, Equatable, Codable {
    /// Weight of each `SentenceFeature`, by name; a feature not named weighs 0.
    public var sentence: [String: Double]
    /// Intercept and weights (by `AnswerFeature` name) of the logistic model of "a manual of the library
    /// answers this question" (`Answerability`).
    public var answerability: [String: Double]
    /// Below this answerability the answer declines ("not covered"); fitted on the training folds to
    /// maximise abstain-correct + citation accuracy - over-abstain.
    public var declineBelow: Double
    /// Intercept and weights of the logistic model of "the answer cites a right page": its probability is
    /// the answer's `score`, and its band the confidence.
    public var confidence: [String: Double]
    /// Below this citation probability an answer is `low`; fitted with `declineBelow`.
    public var lowBelow: Double
    /// Below this share of the question's weighted terms in every considered passage the answer declines,
    /// unless a passage is close in meaning (`DeclineReason.fewWordsShared`); fitted with `declineBelow`.
    public var reachBelow: Double
    /// What produced these weights: script version, data, cross-validated figures.
    public var source: String
    /// Decline reasons (`DeclineReason` names) that are not tried; absent in the fitted weights. The fitting
    /// script leaves each rule out in turn to measure what it earns (docs/quality.md).
    public var ablated: [String]?

    /// The weights compiled into this build, or those named by `MANUAL_ANSWER_WEIGHTS`.
    public static let current = FittedResource.load(AnswerWeights.self, variable: variable, compiled: FittedAnswerWeights.json)

    /// The weights compiled into this build.
    public static let fitted = FittedResource.compiled(AnswerWeights.self, FittedAnswerWeights.json)

    /// The environment variable that names a file of other weights.
    public static let variable = "MANUAL_ANSWER_WEIGHTS"

    /// The weights of `MANUAL_ANSWER_WEIGHTS`, nil when it is not set; throws `FittedResourceError` for a
    /// file that cannot be read or decoded.
    public static func fromEnvironment() throws -> AnswerWeights? {
        try FittedResource.fromEnvironment(AnswerWeights.self, variable: variable)
    }

    /// The sentence weights as a vector in `SentenceFeature.allCases` order.
    var sentenceVector: FeatureVector {
        var vector = FeatureVector()
        for feature in SentenceFeature.allCases { vector[feature] = sentence[feature.rawValue] ?? 0 }
        return vector
    }
}

extension AnswerWeights: FittedParameters {
    package init?(fitted json: FittedJSON) {
        guard let sentence = json["sentence"]?.numbers, let answerability = json["answerability"]?.numbers,
              let declineBelow = json["declineBelow"]?.number, let confidence = json["confidence"]?.numbers,
              let lowBelow = json["lowBelow"]?.number, let reachBelow = json["reachBelow"]?.number,
              let source = json["source"]?.string else { return nil }
        var ablated: [String]?
        if let value = json["ablated"], value != .null {
            guard let strings = value.strings else { return nil }
            ablated = strings
        }
        self.init(sentence: sentence, answerability: answerability, declineBelow: declineBelow, confidence: confidence,
                  lowBelow: lowBelow, reachBelow: reachBelow, source: source, ablated: ablated)
    }
}
