/// A unit named on its own: "How many litres does the tank hold?", "How many volts is the battery?".
///
/// The tokenizer joins a unit to the number before it (`MeasurementUnits`: "47 L" is the term "47l"), so
/// that "35 psi" finds "35psi". The unit's name alone is then in no sentence that states an amount in it,
/// and a question naming the unit matched "The engine holds 4.2 litres" no better than a sentence with no
/// amount at all. The answer stage gives a sentence stating an amount the terms of its unit's names
/// (`ChunkAnalysis`), and does not take a unit's name for the name of a thing no manual mentions
/// (`UnknownName`). Stored terms are unchanged.
package enum UnitNames {
    /// Spellings of units that mean something else as often: "tow bar", "foot brake", "second row",
    /// "min. RON 91", a radio's "amp" (its amplifier), and abbreviations. A sentence stating "2.3 bar" must
    /// not read as one about a bar.
    private static let ambiguous: Set<String> = ["bar", "bars", "foot", "second", "seconds", "min", "mins", "sec", "secs",
                                                 "deg", "hr", "hrs", "amp", "amps", "gal"]

    /// Names the tokenizer's table does not join to numbers (it holds the short forms a manual prints), which
    /// a question spells out: "kilograms" for "75 kg".
    private static let longNames: [String: [String]] = [
        "kg": ["kilogram", "kilograms", "kilo", "kilos"], "g": ["gram", "grams"], "mg": ["milligram", "milligrams"],
        "km": ["kilometre", "kilometres", "kilometer", "kilometers"], "mm": ["millimetre", "millimetres", "millimeter", "millimeters"],
        "cm": ["centimetre", "centimetres", "centimeter", "centimeters"], "ml": ["millilitre", "millilitres", "milliliter", "milliliters"],
        "kpa": ["kilopascal", "kilopascals"], "kw": ["kilowatt", "kilowatts"], "mw": ["milliwatt", "milliwatts"],
        "hz": ["hertz"], "khz": ["kilohertz"], "mhz": ["megahertz"], "ghz": ["gigahertz"], "ma": ["milliamp", "milliamps"],
        "mv": ["millivolt", "millivolts"], "kv": ["kilovolt", "kilovolts"], "kohm": ["kilohm", "kilohms"],
        "c": ["celsius", "centigrade"], "f": ["fahrenheit"], "db": ["decibel", "decibels"], "kmh": ["kph"],
    ]

    /// Whether `spelling` (lowercase) is a unit's spelling that means something else as often ("bar", "amp").
    package static func isAmbiguous(_ spelling: String) -> Bool {
        ambiguous.contains(spelling)
    }

    /// The canonical unit a spelled-out name stands for ("kilograms" for "kg"), or nil.
    package static func unit(forLongName name: String) -> String? {
        unitsByLongName[name]
    }

    private static let unitsByLongName: [String: String] = {
        var out: [String: String] = [:]
        for (unit, names) in longNames { for name in names { out[name] = unit } }
        return out
    }()

    /// For each canonical unit, the terms of its spelled-out names of three letters or more.
    static let termsByUnit: [String: Set<String>] = {
        var out: [String: Set<String>] = [:]
        for (spelling, unit) in MeasurementUnits.canonical where spelling.count >= 3 && !ambiguous.contains(spelling) {
            out[unit, default: []].formUnion(TextAnalyzer.terms(spelling))
        }
        for (unit, names) in longNames { out[unit, default: []].formUnion(names.flatMap(TextAnalyzer.terms)) }
        return out
    }()

    /// Every term that names a unit ("litr", "liter", "volt", "psi").
    package static let terms: Set<String> = termsByUnit.values.reduce(into: Set<String>()) { $0.formUnion($1) }

    /// `terms` with the names of the units its measurements state: "47l" adds "litr" and "liter".
    package static func adding(to terms: Set<String>) -> Set<String> {
        var out = terms
        for term in terms {
            if let unit = MeasurementUnits.unit(ofMeasurement: term), let names = termsByUnit[unit] { out.formUnion(names) }
        }
        return out
    }
}
