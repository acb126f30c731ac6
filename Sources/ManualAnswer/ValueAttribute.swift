import ManualIndex
import ManualQuestion
/// "What is the height of the car?": the word that names the dimension or weight a question asks for, and
/// whether a sentence states a value *of* it rather than a value near it in passing.
///
/// A sentence can hold the dimension's noun and a length and still say nothing about the thing asked:
/// "Children … shorter than 150 cm … should travel in a child restraint appropriate for their weight and
/// height" states a child's height limit, "must not exceed 60 kg … of the trailer weight" a tow-ball load.
/// The specification row "Overall height | 1,560 mm" states the value right after the noun. So the value
/// counts as stated of the attribute only within a few words of it.
enum ValueAttribute {
    /// Terms of the nouns a manual labels a dimension or weight by, as the analyser stems them.
    static let nouns: Set<String> = Set(["width", "height", "depth", "thickness", "length", "weight"].flatMap(TextAnalyzer.terms))

    /// The term of "range", which a vehicle's range is stated by (`ExpectedValue.range`).
    static let range = TextAnalyzer.terms("range")[0]

    /// Other nouns a manual states the same attribute by: a weight as a load or mass ("Maximum roof load | 75 kg").
    /// Not a range as a distance: "towed … for a maximum distance of 20 km" is no range.
    static let synonyms: [String: Set<String>] = Dictionary(uniqueKeysWithValues: [
        ("weight", ["load", "mass"]),
    ].map { noun, others in (TextAnalyzer.terms(noun)[0], Set(others.flatMap(TextAnalyzer.terms))) })

    /// At most this many words stand between the noun and the value: "Overall width (excluding mirrors) |
    /// 1,790 mm" has two (a table's cell bar is no word), "a kerb weight of 1,285 kg" one; "60 kg (132 lb) …
    /// at least 4% of the trailer weight" eight, a child's "150 cm … weight and height" sixteen.
    static let window = 3

    /// The question term naming the attribute asked for, when `value` is a dimension or weight and the
    /// question names one by its noun (`DimensionQuestion` asks "how tall" as "the height of"), or a range.
    static func term(asked value: ExpectedValue?, terms: [String]) -> String? {
        if value == .range { return range }
        guard value == .dimension || value == .weight else { return nil }
        return terms.first(where: nouns.contains)
    }

    /// True when a measurement of kind `value` stands within `window` words of `attribute` in `text`.
    static func isStated(_ value: ExpectedValue, of attribute: String, in text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).filter { $0 != "|" }
        let names = (synonyms[attribute] ?? []).union([attribute])
        let nouns = words.indices.filter { !names.isDisjoint(with: TermsMemo.terms(String(words[$0]))) }
        guard !nouns.isEmpty else { return false }
        // A measurement is a number and its unit, joined ("1,790mm") or a word apart ("1,790 mm").
        return words.indices.contains { index in
            guard words[index].contains(where: \.isNumber), nouns.contains(where: { abs($0 - index) <= window + 1 }) else { return false }
            let measured = words[index...].prefix(2).joined(separator: " ")
            return TermsMemo.terms(measured).prefix(1).contains(where: value.isMeasurement)
        }
    }
}
