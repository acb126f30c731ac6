/// The units the tokenizer joins to a preceding number, so "35 psi", "35psi" and "35 PSI" are one token.
///
/// Spellings map to one canonical unit so "500 miles" and "500 mi" match. Deliberately absent:
/// "in" (inch; "step 1 in the menu"), "k" (5k means 5000), "t", "b" and "%".
/// Changing this table changes stored terms: bump `TextAnalyzer.version`.
package enum MeasurementUnits {
    /// Lowercase spelling -> canonical unit.
    static let canonical: [String: String] = {
        let groups: [(String, [String])] = [
            // pressure
            ("psi", ["psi", "psig"]), ("kpa", ["kpa"]), ("mpa", ["mpa"]), ("pa", ["pa"]),
            ("bar", ["bar", "bars"]), ("mbar", ["mbar"]),
            // length and distance
            ("mm", ["mm"]), ("cm", ["cm"]), ("m", ["m"]), ("km", ["km"]), ("um", ["um"]), ("nm", ["nm"]),
            ("ft", ["ft", "feet", "foot"]), ("mi", ["mi", "mile", "miles"]),
            // electrical
            ("v", ["v", "volt", "volts", "vac", "vdc"]), ("mv", ["mv"]), ("kv", ["kv"]),
            ("a", ["a", "amp", "amps", "ampere", "amperes"]), ("ma", ["ma"]),
            ("w", ["w", "watt", "watts"]), ("kw", ["kw"]), ("mw", ["mw"]),
            ("wh", ["wh"]), ("kwh", ["kwh"]), ("ah", ["ah"]), ("mah", ["mah"]), ("va", ["va"]),
            ("ohm", ["ohm", "ohms"]), ("kohm", ["kohm", "kohms"]),
            ("hz", ["hz"]), ("khz", ["khz"]), ("mhz", ["mhz"]), ("ghz", ["ghz"]),
            ("db", ["db"]), ("dbm", ["dbm"]), ("dba", ["dba"]),
            // temperature ("°c" and "°f" are handled by the tokenizer's degree rule)
            ("c", ["c"]), ("f", ["f"]), ("deg", ["deg", "degree", "degrees"]),
            // time
            ("s", ["s", "sec", "secs", "second", "seconds"]), ("ms", ["ms"]), ("us", ["us"]), ("ns", ["ns"]),
            ("min", ["min", "mins", "minute", "minutes"]), ("h", ["h", "hr", "hrs", "hour", "hours"]),
            // data and rates
            ("kb", ["kb"]), ("mb", ["mb"]), ("gb", ["gb"]), ("tb", ["tb"]),
            ("bps", ["bps"]), ("kbps", ["kbps"]), ("mbps", ["mbps"]), ("gbps", ["gbps"]), ("baud", ["baud"]),
            // speed and rotation
            ("rpm", ["rpm"]), ("mph", ["mph"]), ("kmh", ["kmh", "kph"]), ("mps", ["mps"]),
            // volume and mass
            ("l", ["l", "liter", "liters", "litre", "litres"]), ("ml", ["ml"]), ("cc", ["cc"]),
            ("qt", ["qt", "quart", "quarts"]), ("gal", ["gal", "gallon", "gallons"]), ("oz", ["oz"]),
            ("g", ["g", "gram", "grams"]), ("kg", ["kg"]), ("mg", ["mg"]), ("lb", ["lb", "lbs", "pound", "pounds"]),
            // torque and power
            ("lbft", ["lbft"]), ("inlb", ["inlb"]), ("hp", ["hp"]),
        ]
        var table: [String: String] = [:]
        for (unit, spellings) in groups {
            for spelling in spellings { table[spelling] = unit }
        }
        return table
    }()

    /// Two-part units written with a joiner ("N·m", "lb-ft", "km/h"), keyed "first/second".
    static let compound: [String: String] = [
        "n/m": "nm", "lb/ft": "lbft", "lbs/ft": "lbft", "ft/lb": "lbft", "ft/lbs": "lbft",
        "in/lb": "inlb", "in/lbs": "inlb", "km/h": "kmh", "mi/h": "mph", "m/s": "mps",
        "kw/h": "kwh", "w/h": "wh", "a/h": "ah", "ma/h": "mah",
    ]

    /// The canonical unit for a spelling, or nil when it is not a unit.
    package static func unit(for spelling: String) -> String? {
        canonical[spelling]
    }

    /// The canonical unit for a two-part spelling such as ("n", "m"), or nil.
    static func unit(first: String, second: String) -> String? {
        compound[first + "/" + second]
    }

    /// The canonical unit of a measurement term, a number joined to its unit ("47l", "2.3bar", "10000mi"); nil
    /// for any other term.
    package static func unit(ofMeasurement term: String) -> String? {
        guard let first = term.first, first.isNumber else { return nil }
        let unit = term.drop { $0.isNumber || $0 == "." || $0 == "," }
        return !unit.isEmpty && units.contains(String(unit)) ? String(unit) : nil
    }

    /// Whether a question's stemmed term is a unit's name ("litr" for "litres", "kg"): it says which kind of
    /// value is asked for, not what the value is of.
    package static func namesUnit(stem: String) -> Bool {
        unitStems.contains(stem)
    }

    private static let unitStems: Set<String> = Set(canonical.keys.map { Stemmer.stem($0) })

    /// Every canonical unit.
    static let units: Set<String> = Set(canonical.values).union(compound.values)

    /// The longest spelling in either table, so lookahead can stop early on ordinary words.
    static let longestSpelling: Int = canonical.keys.map(\.utf8.count).max() ?? 0
}
