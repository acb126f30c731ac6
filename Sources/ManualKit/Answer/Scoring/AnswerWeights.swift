import Foundation

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

    /// The weights compiled into this build, or those named by `MANUAL_ANSWER_WEIGHTS`.
    public static let current: AnswerWeights = (try? fromEnvironment()) ?? fitted

    /// The weights compiled into this build.
    public static let fitted: AnswerWeights = {
        // The resource is generated and checked by the script that writes it; a build whose resource does
        // not decode is a broken build, which every answer test catches.
        try! JSONDecoder().decode(AnswerWeights.self, from: Data(FittedAnswerWeights.json.utf8))
    }()

    /// The weights of `MANUAL_ANSWER_WEIGHTS`, nil when it is not set; throws `AnswerWeightsError` for a file
    /// that cannot be read or decoded.
    public static func fromEnvironment() throws -> AnswerWeights? {
        guard let path = ProcessInfo.processInfo.environment["MANUAL_ANSWER_WEIGHTS"], !path.isEmpty else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw AnswerWeightsError(path: path, reason: "cannot be read") }
        do { return try JSONDecoder().decode(AnswerWeights.self, from: data) } catch {
            throw AnswerWeightsError(path: path, reason: "is not an answer weights file (\(error))")
        }
    }

    /// The sentence weights as a vector in `SentenceFeature.allCases` order.
    var sentenceVector: FeatureVector {
        var vector = FeatureVector()
        for feature in SentenceFeature.allCases { vector[feature] = sentence[feature.rawValue] ?? 0 }
        return vector
    }
}

/// `MANUAL_ANSWER_WEIGHTS` names a file that is not usable.
public struct AnswerWeightsError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path) (MANUAL_ANSWER_WEIGHTS) \(reason)" }
}
