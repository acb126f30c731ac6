/// What the sentence scorer measures of a candidate sentence. A sentence's score is the sum of its
/// feature values times fitted weights (`AnswerWeights.sentence`); no feature reorders candidates on its own.
///
/// The raw values are in 0...1: coverages and meaning are shares, the rest are 0 or 1. Each feature here earned
/// its place by ablation under leave-one-manual-out cross-validation (`scripts/fit-answer-weights`;
/// docs/quality.md lists them with their gain); the names are the keys of the weights resource and of
/// `query --json --explain`, so renaming one is a change of that resource.
enum SentenceFeature: String, CaseIterable, Sendable {
    // What the sentence says of the question.
    /// Rarity-weighted share of the question's terms in the sentence (and the block it leads).
    case ownCoverage
    /// The same share counting the headings above the sentence.
    case sectionCoverage
    /// Cosine of question and sentence (read under its heading), scaled from the unrelated level to 1.
    case meaning
    /// The passage's retrieval evidence relative to the best passage's.
    case relevance
    /// The sentence stands in the passage the retriever ranked first.
    case topPassage

    // The shape of a direct answer to the kind of question asked.
    /// States an amount when the question asks for one (the kind of value asked, or a default when asked for one).
    case statesAmount
    /// A step of a numbered procedure, when the question asks how to do something.
    case procedureStep
    /// Names the action asked about as its purpose ("… to switch between the bands").
    case statesAskedAction
    /// Has the form the question asks for (`AnswerForm`: an occasion, a sign, a place, a problem).
    case answerForm
    /// A table row whose first cell is labelled with the question's own words.
    case labelledRow
    /// Names an option the question names (its own entry, when that is among the passages).
    case namesOption
    /// Says what the thing asked about is, or is the first line under an item that names it.
    case definesAsked
    /// Names a designation (a grade, a type, a part number) when the question asks what to use.
    case designates
    /// A list read as one run-on sentence.
    case flattenedList

    // Finer evidence of answering what was asked.
    /// A table row stating a default under a label of the question's words, when asked for a default.
    case labelledDefault
    /// States that value beside the word it is asked of (`ExpectedValue.subjectTerm`), or under a heading holding it.
    case statesValueBesideSubject
    /// Names the attribute asked of something (`AskedAttribute`) and says it of something the question names.
    case namesAskedAttribute
    /// Holds, or stands under a heading holding, the model code the question asks about (`NamedModel`).
    case namesAskedModel

    /// The position of the feature in a `FeatureVector`: its place in `allCases` (`SentenceFeatureTests` holds
    /// the two together). A switch, not a table keyed by the feature: such a table made the runtime look up
    /// the enum's `Hashable` conformance among all the binary's conformances in every process.
    var position: Int {
        switch self {
        case .ownCoverage: 0
        case .sectionCoverage: 1
        case .meaning: 2
        case .relevance: 3
        case .topPassage: 4
        case .statesAmount: 5
        case .procedureStep: 6
        case .statesAskedAction: 7
        case .answerForm: 8
        case .labelledRow: 9
        case .namesOption: 10
        case .definesAsked: 11
        case .designates: 12
        case .flattenedList: 13
        case .labelledDefault: 14
        case .statesValueBesideSubject: 15
        case .namesAskedAttribute: 16
        case .namesAskedModel: 17
        }
    }
    /// The features that measure what a sentence says rather than its shape (`SentenceCandidate.contentScore`).
    static let content: [SentenceFeature] = [.ownCoverage, .sectionCoverage, .meaning, .relevance]
    /// The features that mark the shape of a direct answer (`AnswerFeature.leadShaped`).
    static let shapes: [SentenceFeature] = [.statesAmount, .procedureStep, .statesAskedAction, .answerForm, .labelledRow,
                                            .namesOption, .definesAsked, .designates, .labelledDefault, .namesAskedAttribute]
}

/// One value per `SentenceFeature`, in `allCases` order.
struct FeatureVector: Sendable, Equatable {
    private(set) var values = [Double](repeating: 0, count: SentenceFeature.allCases.count)

    subscript(feature: SentenceFeature) -> Double {
        get { values[feature.position] }
        set { values[feature.position] = newValue }
    }

    /// Sets a 0-or-1 feature.
    mutating func mark(_ feature: SentenceFeature, _ holds: Bool) {
        self[feature] = holds ? 1 : 0
    }
}
