import Foundation

/// Two probabilities from what an answer stands on (`AnswerFeature`), each a logistic model whose weights
/// `scripts/fit-answer-weights` fits on labelled questions: that a manual of the library answers the
/// question at all (`answerable`), and that the answer's citations hold what was asked (`cited`).
///
/// They decide the answer's fate in one place: below `AnswerWeights.declineBelow` answerability the answer
/// declines; otherwise the confidence level is a band of the citation probability: `high` from 0.8 (four
/// right answers in five), `low` below the fitted `AnswerWeights.lowBelow`, `medium` between (docs/quality.md
/// shows how often each band cites a right page on held-out folds).
struct Answerability {
    let weights: AnswerWeights

    /// Confidence `high` from this citation probability on (or from `AnswerWeights.lowBelow`, if higher):
    /// four right answers in five.
    static let high = 0.8

    /// The probability that a manual of the library answers the question.
    func answerable(_ features: [AnswerFeature: Double]) -> Double {
        Answerability.logistic(weights.answerability, features)
    }

    /// The probability that the answer's citations hold what was asked.
    func cited(_ features: [AnswerFeature: Double]) -> Double {
        Answerability.logistic(weights.confidence, features)
    }

    /// Whether an answer of this answerability is given at all.
    func answers(_ answerable: Double) -> Bool {
        answerable >= weights.declineBelow
    }

    private static func logistic(_ model: [String: Double], _ features: [AnswerFeature: Double]) -> Double {
        var z = model["intercept"] ?? 0
        for feature in AnswerFeature.allCases {
            z += (model[feature.rawValue] ?? 0) * (features[feature] ?? 0)
        }
        return 1 / (1 + exp(-z))
    }

    /// The band of a citation probability: `low` below the fitted `AnswerWeights.lowBelow`.
    func confidence(_ probability: Double) -> Confidence {
        probability < weights.lowBelow ? .low : probability >= max(Answerability.high, weights.lowBelow) ? .high : .medium
    }
}
