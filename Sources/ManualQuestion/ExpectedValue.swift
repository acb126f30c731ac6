import Foundation
import ManualIndex

/// The kind of value a question asks for when its words name one unmistakably: "How much does a
/// spare lid cost?" wants a price, "What speed does the fan reach?" a speed.
///
/// A manual that covers the topic but not the value (the key's pairing procedure, the engine's power) is
/// retrieved with high relevance and, quoted, would answer a question the manual does not: when none of
/// the passages considered for the answer states a value of the kind asked for, the question is not
/// answered (except for a distance: `isRequired`). Only unambiguous phrasings count ("temperature" alone may name a warning light; "what
/// temperature" asks for one), so a question that names no value is never declined by this.
package enum ExpectedValue: String, CaseIterable, Sendable {
    case price
    case phoneNumber
    /// "Top speed", "maximum speed": a speed or rate.
    case speed
    /// "How fast does it boil?": a speed, or the time it takes ("in 3 minutes").
    case pace
    case temperature
    case power
    case weight
    /// "How far", "how close": a length or distance ("at least 25 cm", "a maximum distance of 20 km").
    case distance
    /// "What range does the scooter have?": how far a vehicle goes on its fuel or charge, in kilometres or miles,
    /// stated of the range ("a range of up to 420 km (260 miles)", "Range | 420 km"): the next service due
    /// "within 1,000 km" says nothing of it.
    case range
    /// "What tire pressure should I use?": a pressure ("230 kPa (2.3 bar, 33 psi)").
    case pressure
    /// "What is the antifreeze capacity?", "How much fluid does the pump take?", "How much does the tank hold?": a
    /// volume ("5.8 L", "4.2 litres", "47 litres").
    case volume
    /// "How much detergent does the dispenser hold?", "How much salt does the reservoir take?": what a dispenser
    /// or reservoir holds, a volume or, for a powder or salt, a weight ("110 ml", "up to 25 g of powder", "1.5 kg").
    case contents
    /// "How many amps is the fuse for the horn?": a current ("10 A").
    case current
    /// "What voltage does the charger need?": a voltage ("12 V", "230 V AC").
    case voltage
    /// "How noisy is the dishwasher?": a sound level ("44 dB(A)").
    case loudness
    /// An energy asked by its unit (kWh after "how many"): "258 kWh per year", "0.92 kWh".
    case energy
    /// "How wide is the car?": a length the manual states as a dimension ("Overall width | 1,790 mm").
    /// Read from the question as typed: retrieval asks it as "What is the width of the car?" (`DimensionQuestion`).
    case dimension
    /// "How much power does the HackRF need from the computer's USB port?": what a device draws from its supply,
    /// given as a power, a current or a voltage ("500 mA at 5 V DC", "2,200 W").
    case supply

    /// The value `question` asks for, or nil when it names none unmistakably.
    static func asked(in question: String) -> ExpectedValue? {
        let words = question.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
        // Searched by `ASCIISearch`: Foundation's `contains` went through UTF-16 (a hundredth of a question).
        let text = " " + words.joined(separator: " ") + " "
        func says(_ phrases: [String]) -> Bool { phrases.contains { ASCIISearch.contains(text, phrase: " \($0) ") } }
        if says(["cost", "costs", "price", "prices", "priced", "fee", "fees"]) { return .price }
        // "How much does a repair charge come to", not "how much charge does the battery hold".
        if ASCIISearch.contains(text, phrase: " how much "), let much = words.firstIndex(of: "much"),
           let charge = words.firstIndex(where: { $0 == "charge" || $0 == "charges" }), charge > much + 1 { return .price }
        if says(["phone number", "telephone number", "hotline", "helpline"]) || ExpectedValue.asksNumberToCall(words) {
            return .phoneNumber
        }
        if says(["top speed", "maximum speed", "max speed"]) { return .speed }
        if says(["how fast"]) { return .pace }
        if says(["what temperature", "which temperature", "how hot", "how cold", "temperature of",
                 "maximum temperature", "minimum temperature"])
            || ExpectedValue.asksEndingOn(["temperature", "temperatures"], words) { return .temperature }
        if says(["watts", "wattage", "how much power", "how powerful", "power consumption"])
            || ExpectedValue.asksEndingOn(["power"], words) {
            // Power a device takes from its supply is stated as a current and a voltage as often as in watts; a
            // radio's transmit power only in dBm or watts.
            return says(["watts", "wattage"]) || !words.contains(where: ExpectedValue.supplyWords.contains) ? .power : .supply
        }
        if says(["how heavy", "weigh", "weighs", "weight of", "maximum weight", "how much weight"]) { return .weight }
        // "How much can I carry on the roof?", "how much can it tow": a load, in kilograms.
        if ASCIISearch.contains(text, phrase: " how much can "), words.contains(where: DimensionQuestion.loadVerbs.contains) { return .weight }
        if ExpectedValue.asksForRange(words) { return .range }
        if says(["how far", "how close", "what distance", "which distance"]) { return .distance }
        if says(["how many amps", "how many amperes", "how many milliamps", "amperage"])
            || ExpectedValue.asksEndingOn(["amperage"], words) { return .current }
        if says(["how many volts"]) || ExpectedValue.asksEndingOn(["voltage"], words) { return .voltage }
        if says(["how noisy", "how loud", "noise level", "noise figure", "how many decibels"]) { return .loudness }
        if says(["how much energy", "energy consumption", "energy use", "energy usage"]) { return .energy }
        if ExpectedValue.asksEndingOn(["pressure", "pressures"], words) { return .pressure }
        if let held = ExpectedValue.asksForVolume(words, text: text) { return held }
        // Not "length of" or "width of": a history buffer has a length and a pulse a width, in entries and seconds.
        if says(["how wide", "how tall", "how deep", "how thick"]) { return .dimension }
        return ExpectedValue.unitNamed(in: words)
    }

    /// "What number do I dial for repairs?", "Which number should I ring?": a number asked for by "what" or
    /// "which", then a verb of calling. Not "What number is shown when the filter is blocked?".
    private static func asksNumberToCall(_ words: [String]) -> Bool {
        guard let number = words.firstIndex(of: "number"), number > 0,
              words[max(0, number - 2)..<number].contains(where: { $0 == "what" || $0 == "which" }) else { return false }
        return words[(number + 1)...].contains(where: ["call", "ring", "dial", "phone", "telephone"].contains)
    }

    /// A unit named (kWh, psi, mAh) right after "how many" or "how much" says which kind of value is asked
    /// for. Not a spelling that is as often a word ("bar", "foot", "second": `UnitNames.isAmbiguous`; a single
    /// letter: "a"), nor a time: "how many hours" may be answered "overnight".
    private static func unitNamed(in words: [String]) -> ExpectedValue? {
        guard let much = words.indices.first(where: { $0 > 0 && words[$0 - 1] == "how" && ["many", "much"].contains(words[$0]) }),
              much + 1 < words.count, words[much + 1].count > 1, !UnitNames.isAmbiguous(words[much + 1]),
              let unit = MeasurementUnits.unit(for: words[much + 1]) ?? UnitNames.unit(forLongName: words[much + 1])
        else { return nil }
        // An energy before a power, which also takes kWh ("power consumption | 0.92 kWh"); a speed, not a pace.
        return ([.energy] + ExpectedValue.allCases).first { $0 != .pace && $0.units.contains(unit) }
    }

    /// The value asked for in `typed`, the question as the user typed it, else in `question`, the question as
    /// retrieval searches it (`QueryRewriter`): "how wide" is read where the user wrote it, and "what temp"
    /// rewritten as "what temperature" still asks for one.
    static func asked(in question: String, typed: String?) -> ExpectedValue? {
        typed.flatMap(asked(in:)) ?? asked(in: question)
    }

    /// "What tire pressure should I use?", "What is the pressure of the spare?", "What is the engine power?":
    /// a question whose "what" or "which" ends on one of `nouns`, or "how much" before it. Not "What does the
    /// low pressure symbol mean?" nor "What is the power supply voltage?": there the noun names
    /// another thing.
    private static func asksEndingOn(_ nouns: Set<String>, _ words: [String]) -> Bool {
        guard let noun = words.firstIndex(where: nouns.contains) else { return false }
        if noun >= 2, words[noun - 2] == "how", words[noun - 1] == "much" { return true }
        guard let asking = words[..<noun].lastIndex(where: { $0 == "what" || $0 == "which" }), noun - asking <= 5
        else { return false }
        // "What operating temperature range is it rated for?" asks for temperatures too; "What does the temperature
        // range warning mean?" does not.
        let end = noun + 1 < words.count && ["range", "ranges"].contains(words[noun + 1]) ? noun + 1 : noun
        return end + 1 == words.count || nounEndings.contains(words[end + 1])
    }

    /// "What range does the scooter have?", "What's the electric range?", "How much range is left on a full
    /// charge?": a range asked of a vehicle, its fuel or its charge. "How far can I drive on the reserve?" is
    /// none: a manual answers it "you can still drive about 50 km", naming no range (`distance`).
    /// Not a range of values ("Which tuning range has the oscillator?", "What is the range of resistance
    /// values …?", "the permitted block size range"): a noun before "range" other than one of `rangeQualifiers`, or
    /// an "of" after it naming anything but a vehicle, makes it one.
    private static func asksForRange(_ words: [String]) -> Bool {
        guard words.contains(where: vehicleWords.contains) else { return false }
        guard let range = words.firstIndex(of: "range"), range > 0, rangeQualifiers.contains(words[range - 1]) else { return false }
        guard range + 1 < words.count, words[range + 1] == "of" else { return true }
        let after = words[(range + 2)...].drop { ["the", "a", "an", "my", "this", "your", "our"].contains($0) }
        return after.first.map(vehicleNouns.contains) ?? false
    }

    /// The things values are asked of, by kind (`Words/value-subjects.txt`, compiled in).
    static let subjects = NamedWordLists(PackageResources.value_subjects_txt)
    private static let rangeQualifiers = subjects["range-qualifiers"]
    private static let vehicleNouns = subjects["vehicles"]
    /// Words saying that a range is a vehicle's: the vehicle, or what it runs on.
    private static let vehicleWords = vehicleNouns.union(subjects["vehicle-range"])

    /// "How much fluid does the pump take?", "How much milk does the jug hold?", "How much does the
    /// tank hold?", "What is the antifreeze capacity?": what a thing holds (a capacity: `capacity(_:)`). Only
    /// with a verb of holding or the word "capacity": "how much flour can I add at most" may be answered
    /// by the MAX mark or by a recipe's "0.5 kg of flour", and "how much toner remains" asks for a level.
    ///
    /// A capacity, a count of litres, a fluid or a tank's contents is a `volume` ("How much water does the
    /// Intensive programme use?" is not answered by its 25 g of detergent); what a dispenser or reservoir holds
    /// is its `contents`, which may be weighed.
    private static func asksForVolume(_ words: [String], text: String) -> ExpectedValue? {
        if ASCIISearch.contains(text, phrase: " capacity ") { return capacity(words) }
        if ASCIISearch.contains(text, phrase: " how many litres ") || ASCIISearch.contains(text, phrase: " how many liters ")
            || ASCIISearch.contains(text, phrase: " how many gallons ") {
            return .volume
        }
        guard let much = words.firstIndex(of: "much"), much > 0, words[much - 1] == "how" else { return nil }
        let rest = words[(much + 1)...]
        guard rest.contains(where: holdingVerbs.contains) else { return nil }
        if rest.prefix(2).contains(where: fluids.contains) || rest.contains(where: tanks.contains) { return .volume }
        return rest.contains(where: containers.contains) ? .contents : nil
    }

    /// What a capacity is measured in depends on what holds it: a tank's or a fluid's in litres ("What is the
    /// antifreeze capacity?"), a battery's in ampere-hours, a load's in kilograms ("towing capacity"). Any other
    /// capacity (a tape's 93,000 characters, a disk's megabytes) asks for an amount no unit here names: nil.
    private static func capacity(_ words: [String]) -> ExpectedValue? {
        if words.contains(where: { fluids.contains($0) || tanks.contains($0) }) { return .volume }
        if words.contains(where: batteries.contains) { return .energy }
        if words.contains(where: { DimensionQuestion.loadVerbs.contains($0) || loads.contains($0) }) {
            return .weight
        }
        return nil
    }

    /// Words saying that power is drawn from a supply: "need", "draw", "from the USB port", "the mains".
    private static let supplyWords: Set<String> = ["need", "needs", "draw", "draws", "require", "requires", "consume",
                                                   "consumes", "use", "uses", "usb", "supply", "mains", "outlet", "socket"]

    private static let fluids = subjects["fluids"]
    private static let tanks = subjects["tanks"]
    private static let batteries = subjects["batteries"]
    private static let loads = subjects["loads"]

    /// Whether a question's stemmed term only says how a value is asked for: a unit's name ("litres"), a verb
    /// of holding or loading ("hold", "carry"), a phrasing word. What the value is *of* is in its other words.
    static func phrases(_ term: String) -> Bool {
        MeasurementUnits.namesUnit(stem: term) || PhrasingWords.terms.contains(term) || askingStems.contains(term)
    }

    /// The question's word a value is asked *of*: its rarest term by `rarity` that does not only say how the
    /// value is asked (`phrases`), or the rarest of all when every term does. A volume asked of a named
    /// container is asked of the container, though the unit's word is rarer.
    package static func subjectTerm(of terms: [String], rarity: (String) -> Double) -> String? {
        let named = terms.filter { !phrases($0) }
        return (named.isEmpty ? terms : named).max { rarity($0) < rarity($1) }
    }

    private static let askingStems: Set<String> = Set(holdingVerbs.union(DimensionQuestion.loadVerbs)
        .union(["use", "uses"]).map { Stemmer.stem($0) })

    /// What holds a volume or a weight of something else: "how much detergent fits in the dispenser".
    private static let containers = subjects["containers"]

    /// Verbs of holding: "how much oil does it take", "how much does the tank hold", "how much water does the
    /// Eco programme use".
    private static let holdingVerbs: Set<String> = ["hold", "holds", "take", "takes", "need", "needs", "use", "uses", "consume",
                                                    "consumes"]

    /// Words that may follow the noun a question asks for: "… pressure should I use", "… pressure for the spare".
    private static let nounEndings: Set<String> = ["should", "do", "does", "is", "are", "must", "for", "of", "in",
                                                   "when", "to", "at", "with", "on", "recommended"]
}

extension ExpectedValue {
    /// The canonical units (`MeasurementUnits`) a measurement of this kind is given in.
    package var units: Set<String> {
        switch self {
        case .speed: ExpectedValue.rates
        case .pace: ExpectedValue.rates.union(["s", "ms", "us", "ns", "min", "h"])
        case .temperature: ["c", "f", "deg"]
        // A radio's transmit and receive power is given in dBm ("5 dBm to 15 dBm"), an appliance's in watts.
        case .power: ["w", "kw", "mw", "hp", "va", "wh", "kwh", "dbm"]
        case .weight: ["kg", "g", "mg", "lb", "oz"]
        case .distance, .dimension: ["um", "mm", "cm", "m", "km", "ft", "mi"]
        case .range: ["km", "mi"]
        case .pressure: ["psi", "kpa", "mpa", "pa", "bar", "mbar"]
        case .volume: ["l", "ml", "cc", "qt", "gal"]
        case .contents: ExpectedValue.volume.units.union(ExpectedValue.weight.units)
        case .current: ["a", "ma"]
        case .voltage: ["v", "mv", "kv"]
        case .loudness: ["db", "dba"]
        case .energy: ["wh", "kwh", "ah", "mah"]
        case .supply: ExpectedValue.power.units.union(ExpectedValue.current.units).union(ExpectedValue.voltage.units)
        case .price, .phoneNumber: []
        }
    }

    /// Speeds and rates: of a vehicle, a motor, a clock, a serial line.
    private static let rates: Set<String> = ["kmh", "mph", "mps", "rpm", "hz", "khz", "mhz", "ghz", "bps", "kbps",
                                             "mbps", "gbps", "baud"]
}
