import ManualIndex
import ManualQuestion
/// Whether a text states a value of the kind asked for: its units, amounts, prices and phone numbers.
extension ExpectedValue {
    /// True when `text` (whose terms are `terms`, as `TextAnalyzer` gives them) states a value of this kind.
    func isStated(in text: String, terms: Set<String>) -> Bool {
        switch self {
        case .price:
            return ExpectedValue.pricePattern.matches(text)
        case .phoneNumber:
            return ExpectedValue.statesPhoneNumber(text)
        case .range:
            return ValueAttribute.isStated(self, of: ValueAttribute.range, in: text)
        case .speed, .pace, .temperature, .power, .weight, .distance, .dimension, .pressure, .volume, .contents, .current, .voltage,
             .loudness, .energy, .supply:
            return terms.contains(where: isMeasurement)
        }
    }

    /// True when `terms` hold a unit of this kind on its own, as a table's header names the unit its rows'
    /// numbers are in: "Axle and load | kPa | bar | psi" above "Front, normal load | 230 | 2.3 | 33".
    func namesUnit(_ terms: Set<String>) -> Bool {
        !units.isDisjoint(with: terms)
    }

    /// True when `term` is a measurement of this kind ("1560mm" for a dimension); never for a price or a
    /// phone number, which are not read term by term.
    func isMeasurement(_ term: String) -> Bool {
        ExpectedValue.isMeasurement(term, in: units)
    }

    /// Whether passages that state no such value cannot answer. Not for a distance: "how far do I turn
    /// the screw?" is answered in turns, "how close to full?" in a share; a stated length is preferred
    /// (`SentenceScorer`), its absence declines nothing. A dimension is a length whatever the thing.
    var isRequired: Bool { self != .distance }

    /// The terms of the words that ask for a value of this kind ("heavy", "weigh" for a weight): a sentence
    /// stating such a value answers them, though it does not use them.
    var askingTerms: Set<String> {
        let words: [String] = switch self {
        case .price: ["cost", "price", "fee", "charge"]
        case .phoneNumber: ["phone", "number", "telephone", "hotline", "helpline"]
        case .speed: ["speed", "fast"]
        case .pace: ["fast", "quickly"]
        case .temperature: ["temperature", "hot", "cold"]
        case .power, .supply: ["power", "powerful", "watts", "wattage"]
        case .weight: ["heavy", "weigh", "weight"]
        case .distance: ["far", "close", "distance"]
        case .range: ["range"]
        case .dimension: ["wide", "tall", "deep", "thick", "width", "height", "depth", "length", "long"]
        case .pressure: ["pressure"]
        case .volume, .contents: ["capacity", "hold", "volume"]
        case .current: ["amps", "amperes", "amperage", "current"]
        case .voltage: ["volts", "voltage"]
        case .loudness: ["noisy", "loud", "noise", "decibels"]
        case .energy: ["energy", "consumption"]
        }
        return Set(words.flatMap(TextAnalyzer.terms))
    }

    /// Words for the no-answer message: "the passages found state no price".
    var name: String {
        switch self {
        case .price: "price"
        case .phoneNumber: "phone number"
        case .speed: "speed"
        case .pace: "speed or time"
        case .temperature: "temperature"
        case .power: "power in watts or dBm"
        case .weight: "weight"
        case .distance: "distance"
        case .range: "driving range in km or miles"
        case .dimension: "length"
        case .pressure: "pressure"
        case .volume: "volume"
        case .contents: "volume or weight"
        case .current: "current in amps"
        case .voltage: "voltage"
        case .loudness: "noise level"
        case .energy: "energy in kWh"
        case .supply: "power, current or voltage"
        }
    }

    /// A number joined to one of `units`, as the tokenizer keeps measurements: "80kmh", "2000w", "1.5kg".
    private static func isMeasurement(_ term: String, in units: Set<String>) -> Bool {
        MeasurementUnits.unit(ofMeasurement: term).map(units.contains) ?? false
    }

    /// A currency sign or code next to a number: "$25", "25 €", "30 EUR", "USD 40".
    private static let pricePattern = CompiledPattern(
        #"([$€£¥]\s?\d|\d\s?[$€£¥]|\d\s?(usd|eur|gbp|chf|dollars?|euros?)\b|\b(usd|eur|gbp|chf)\s?\d)"#, caseInsensitive: true)

    /// Seven to fifteen digits in one run of digits, spaces, dashes, dots, slashes and brackets.
    private static func statesPhoneNumber(_ text: String) -> Bool {
        var digits = 0
        var separators = 0
        for character in text + " " {
            if character.isASCII && character.isNumber {
                digits += 1
                separators = 0
            } else if digits > 0, " -./()".contains(character), separators == 0 {
                separators += 1
            } else {
                if (7...15).contains(digits) { return true }
                digits = 0
                separators = 0
            }
        }
        return false
    }
}
