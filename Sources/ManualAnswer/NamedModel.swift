/// A model, part or device the question names by its code: "KV-210" in "Which cable links a KV-210 charger
/// to a laptop?".
///
/// A code names one thing. The sentences under its heading ("3.3 KV-210" / "Just uses a normal serial
/// cable …") are about it, however few of the question's other words they repeat, while a sentence about
/// chargers and cables in general ("only one charger can be linked to a laptop by its cable")
/// holds more of them and says nothing of that model.
enum NamedModel {
    /// The question's code that is rarer than any other of its words, by `weights`: a term with a letter first
    /// and a digit in it ("kv210", "dl11", "f6c110"); not a measurement ("3.3v", "10ms"), which starts with
    /// its number. Nil when the question names none, or a word of it is rarer (the code is then what the
    /// manual is about: "PDP-11" in every chunk of the simh manual).
    static func asked(by weights: TermWeights) -> String? {
        let codes = weights.terms.filter(isCode)
        guard let code = codes.max(by: { weights.weight($0) < weights.weight($1) }),
              weights.terms.allSatisfy({ weights.weight($0) <= weights.weight(code) }) else { return nil }
        return code
    }

    /// A term with a letter first and a digit in it ("kv210", "dl11", "lpt2"); not a measurement ("3.3v").
    static func isCode(_ term: String) -> Bool {
        term.first?.isLetter == true && term.contains(where: \.isNumber)
    }
}
