import Foundation
import ManualIndex

/// The distinct terms of a question, in the order asked.
package struct QuestionTerms {
    /// Every distinct term `TextAnalyzer` keeps from the question.
    package let all: [String]

    /// Words that ask for an interval rather than name a topic ("how often…"): the answer says "every
    /// 15,000 km", so a sentence that merely contains "often" ("twice as often") is no better for it.
    static let askingTerms: Set<String> = Set(["often", "frequently", "frequency"].flatMap(TextAnalyzer.terms))

    /// The terms of "long".
    static let longTerms = Set(TextAnalyzer.terms("long"))

    /// The question asks for an amount: "how many", "how much", "how long", a default, a limit.
    package let asksForQuantity: Bool

    /// The question asks "how long": its "long" asks for a time or a length, and names no topic. As a term it
    /// would find "The programme takes about 30 minutes longer" and "before every long journey".
    let asksHowLong: Bool

    /// The question asks for a default (`DefaultStatement`).
    package let asksForDefault: Bool

    /// The question asks for bounds: "range", "maximum", "allowed" (`LimitWords`).
    package let asksForLimit: Bool

    /// The question asks how to do something ("How do I replace the drive belt?"): steps answer it.
    package let asksForSteps: Bool

    /// The action the question asks how to do ("switch" in "How do I switch to the weather band?": `AskedAction`).
    package let askedAction: AskedAction?

    /// The question asks when something is done ("When must the system be calibrated again?": `OccasionStatement`).
    package let asksForOccasion: Bool

    /// The question asks where something is ("Where is the serial label?": `PlaceStatement`).
    package let asksForPlace: Bool

    /// The terms of what the question asks to leave out ("test", "print"), nil when it asks for nothing
    /// left out (`AvoidanceStatement.avoided`).
    package let avoidedTerms: Set<String>?

    /// The question asks how to recognise a state ("How can I tell that the alarm is on?": `SignStatement`).
    package let asksForSign: Bool

    /// The question asks for a command line or code: it names an option ("-s", "--step"), a program or
    /// identifier ("wr3-scan", "hackrf_sweep"), or says "option", "command", "usage", "syntax", "argument",
    /// "flag", "API", "function", "code". Only then is a usage block or a line of code quoted
    /// (`SentenceShape.isUsage`, `SentenceShape.isCode`).
    package let asksForCommand: Bool

    /// The question asks where to find something online ("website", "download", "e-mail"): only then
    /// does a bare web or mail address answer (`SentenceShape.isAddressOnly`).
    package let asksForAddress: Bool

    /// Words that ask for a web or mail address.
    static let addressWords: Set<String> = [
        "website", "web", "site", "url", "link", "homepage", "download", "downloaded", "email", "mail", "online",
        "internet", "address", "contact",
    ]

    /// The options the question names, as written ("-O", "--no-spiceinit").
    package let namedOptions: NamedOptions

    /// The question reports a fault ("the scanner sees only one", "the chip stopped responding", "it won't
    /// boil") or asks why: a troubleshooting entry, or section, has the shape of its answer (`TroubleshootingEntry`).
    package let reportsProblem: Bool

    /// What the question asks to have defined ("What is CIDER?"): its terms, else empty (`Definition`).
    package let definedTerms: Set<String>


    /// The question asks which product, grade or type to use ("What glue is recommended?": `Specification`):
    /// its words, which a designation in the answer must not merely repeat; nil for any other question.
    package let specificationAsked: Set<Substring>?

    /// Words that report a fault: a negation, or something failing, stopping or going wrong.
    static let problemWords: Set<String> = [
        "not", "no", "never", "nothing", "only", "t", "cannot", "unable", "fail", "fails", "failed", "failing",
        "stop", "stops", "stopped", "wrong", "error", "errors", "broken", "dies", "died", "crash", "crashes",
        "crashed", "hang", "hangs", "hung", "freezes", "froze", "slow", "slower", "keeps", "problem", "trouble",
    ]

    /// Words that ask for a command line or code.
    static let commandWords: Set<String> = [
        "option", "options", "command", "commands", "usage", "syntax", "argument", "arguments", "flag",
        "flags", "parameter", "parameters", "invoke", "invocation", "cli", "api", "code", "function", "functions",
        "constant", "constants", "enum", "macro",
    ]

    /// The quantities the question names ("rate" in "maximum sample rate", "pressure"), as terms: a number
    /// stated for another quantity ("The maximum RX power is -5 dBm") is no answer to it. Empty when the
    /// question names none ("how many", "maximum" alone).
    package let quantitiesNamed: Set<String>

    /// Words of `quantityWords` that ask for some amount without naming which.
    static let unnamedQuantityWords = Set(["default", "maximum", "minimum", "limit", "range", "value", "number"])
        .union(superlatives)

    /// Superlatives of a measure ("what is the longest a timer can run", "Which programme is the
    /// hottest?"): the answer is an amount, or the thing that has the largest one beside it.
    /// "What's the strongest input signal I can feed into the receiver?" asks for its maximum power.
    static let superlatives: Set<String> = ["longest", "shortest", "highest", "lowest", "hottest", "coldest",
                                            "fastest", "slowest", "largest", "smallest", "biggest", "heaviest",
                                            "strongest", "weakest", "loudest", "quietest", "widest", "narrowest",
                                            "deepest", "tallest", "thickest", "thinnest", "farthest", "furthest"]

    /// Words that ask for a number, alone or after "how".
    static let quantityWords = Set([
        "default", "maximum", "minimum", "limit", "range", "rate", "size", "capacity",
        "value", "voltage", "current", "frequency", "temperature", "pressure", "speed", "weight", "length",
        "interval", "number", "baud", "resolution", "power", "torque",
        // Electrical and physical quantities, and plurals: "What amplitudes can the sine wave generator output?",
        // "Up to what capacitance does IN1 measure accurately?".
        "amplitude", "amplitudes", "capacitance", "resistance", "impedance", "inductance", "gain", "frequencies",
        "voltages", "currents", "values", "ranges", "rates", "speeds", "temperatures", "pressures", "distance",
        "duration", "width", "height", "depth", "dimensions", "volume",
    ]).union(superlatives)

    /// Openings that ask how to do something.
    static let howToOpenings = ["how do i", "how do you", "how can i", "how should i", "how to", "how does one"]

    /// The lowercased words of the clause that asks: the last of a question written as several ("I own two
    /// printers. How do I rename the second one?", "The gauge reads low; how do I go on regardless?").
    static func askingClause(_ question: String) -> [String] {
        let trimmed = question.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "?!.")))
        var start = trimmed.startIndex
        var index = trimmed.startIndex
        while index < trimmed.endIndex {
            let next = trimmed.index(after: index)
            // A clause ends at ".", ";", "?" or "!" before a space: not inside "v2.0" or "ups.conf".
            if ".;?!".contains(trimmed[index]), next < trimmed.endIndex, trimmed[next].isWhitespace { start = next }
            index = next
        }
        return trimmed[start...].lowercased().split { !$0.isLetter }.map(String.init)
    }

    init(_ question: String) {
        var seen = Set<String>()
        all = TextAnalyzer.terms(QuestionTerms.withoutComparison(QuestionTerms.withoutHowClose(QuestionTerms.withoutTimeIdioms(question))))
            .filter { seen.insert($0).inserted }
        let words = question.lowercased().split { !$0.isLetter }.map(String.init)
        asksHowLong = zip(words, words.dropFirst()).contains { $0 == "how" && $1 == "long" }
        let asksHow = zip(words, words.dropFirst()).contains { $0 == "how" && ["many", "much", "long", "often", "far", "fast", "big", "large", "heavy", "high", "low"].contains($1) }
        // "What is the Peak Rate Limit control for?" asks what it does, not for its rate or its limit.
        let asksPurpose = Definition.asksPurpose(words)
        // "How do I create a disk of a custom size?" asks how, not for a size: a register table's widths are no answer.
        // Read from the clause that asks: "I only want an alert if the UPS has been on battery for 30 seconds, not on
        // every short power blip. How do I set that up?" asks how, not for a power.
        let asking = QuestionTerms.askingClause(question)
        let askingOpening = asking.prefix(3).joined(separator: " ")
        let asksHowToDo = QuestionTerms.howToOpenings.contains { askingOpening.hasPrefix($0) }
        // "Where is the serial number printed?" asks for a place, not for the number's value.
        asksForPlace = PlaceStatement.isAsked(in: words)
        asksForQuantity = !asksPurpose && !asksForPlace && (asksHow || (!asksHowToDo && words.contains(where: QuestionTerms.quantityWords.contains)))
        // "How near must the tag be to unlock the door without touching it?" asks for a distance: "without" says
        // how the door is unlocked, not what to leave out.
        avoidedTerms = asksForQuantity || asksForPlace ? nil : AvoidanceStatement.avoided(in: words)
        quantitiesNamed = Set(words.filter { QuestionTerms.quantityWords.contains($0) && !QuestionTerms.unnamedQuantityWords.contains($0) }
            .flatMap(TextAnalyzer.terms))
        asksForLimit = !asksPurpose && words.contains(where: LimitWords.asking.contains)
        asksForDefault = DefaultQuestion.isAsked(in: words)
        let tokens = NamedOptions.tokens(question)
        namedOptions = NamedOptions(question)
        // "Why does my kettle switch off before the water boils?" asks for a cause, as a fault report does.
        reportsProblem = words.first == "why" || words.contains(where: QuestionTerms.problemWords.contains)
        asksForAddress = words.contains(where: QuestionTerms.addressWords.contains)
        definedTerms = Definition.askedTerms(in: question)
        specificationAsked = Specification.isAsked(in: question) ? Specification.words(of: question) : nil
        asksForCommand = words.contains(where: QuestionTerms.commandWords.contains)
            || !namedOptions.isEmpty || tokens.contains(where: QuestionTerms.isProgramName)
        let opening = words.prefix(3).joined(separator: " ")
        // "How can I tell that the alarm is on?" asks for a sign, not for the steps of setting it.
        asksForSign = SignStatement.isAsked(in: words)
        asksForSteps = !asksForSign && QuestionTerms.howToOpenings.contains { opening.hasPrefix($0) }
        asksForOccasion = OccasionStatement.isAsked(in: words)
        // "I own two printers. How do I make the tool show their addresses?": the clause that asks.
        askedAction = AskedAction(words: asking)
    }

    /// `question` without the "time" of "at the same time", "every time", "each time", "one at a time":
    /// these say when or how often, not what about, yet "time" would weigh like a topic and make a
    /// register table's "TIME | 24 | delay" row look labelled with the question's own words.
    static func withoutTimeIdioms(_ question: String) -> String {
        WordAfterLead.dropping("time", after: [["same"], ["every"], ["each"], ["any"], ["at", "a"], ["at", "one"]], in: question)
            ?? timeIdiom.replacing(in: question, with: "$1")
    }

    /// What `WordAfterLead` does for ASCII questions, for any other.
    static let timeIdiom = CompiledPattern(#"\b(same|every|each|any|at a|at one)\s+time\b"#, caseInsensitive: true)

    /// `question` without the "close" of "how close": there it asks for a distance, while manuals use
    /// "close" as the verb ("close the lid", "close each window"), so as a term it finds the window you
    /// close for "How close must the key be to the door?". ("Far" and "long" have no such second sense
    /// in manuals and stay: "as far as it will go" is about distance too.)
    static func withoutHowClose(_ question: String) -> String {
        WordAfterLead.dropping("close", after: [["how"]], replacingLeadWith: "how", in: question)
            ?? howClose.replacing(in: question, with: "how")
    }

    /// What `WordAfterLead` does for ASCII questions, for any other.
    static let howClose = CompiledPattern(#"\bhow\s+close\b"#, caseInsensitive: true)

    /// `question` without the "difference" of "the difference between X and Y": it asks to compare X and Y,
    /// which the manual describes one by one ("flush Synchronise …", "abort Reset the cache …") without the word.
    static func withoutComparison(_ question: String) -> String {
        // An all-ASCII question without "differen" in any case cannot match, and most questions are such:
        // they never compile the expression, whose compiling was the first in most processes and loaded
        // ICU's character tables (a fortieth of a question's time).
        if question.utf8.allSatisfy({ $0 < 0x80 }) && !ASCIISearch.containsIgnoringCase(question, "differen") {
            return question
        }
        return comparison.replacing(in: question, with: "")
    }

    static let comparison = CompiledPattern(#"\bdifferences?\s+(?=between\b)"#, caseInsensitive: true)

    /// "hackrf_sweep", "wr3-scan": a program's name (an underscore, or a hyphen inside a name of letters and digits).
    static func isProgramName(_ token: String) -> Bool {
        token.contains("_") || (token.dropFirst().dropLast().contains("-")
            && token.contains(where: \.isLetter) && token.contains(where: \.isNumber))
    }

    /// The terms evidence is judged on: all of them, less phrasing words that `present` does not contain,
    /// and the verb of a question for a specification ("use" in "what paint do I use"), which asks rather
    /// than names a topic: every sentence telling what to use, or how used paint is disposed of, has it.
    package func effective(present: Set<String>) -> [String] {
        all.filter { !QuestionTerms.askingTerms.contains($0) && !(asksHowLong && QuestionTerms.longTerms.contains($0))
            && (specificationAsked == nil || !Specification.askingVerbs.contains($0))
            && (!PhrasingWords.terms.contains($0) || present.contains($0)) }
    }

    /// True when every term of `text` is one of the question's, i.e. it names what was asked.
    package func isSameTopic(as text: String) -> Bool {
        let topic = TextAnalyzer.terms(text)
        return !topic.isEmpty && topic.allSatisfy(all.contains)
    }
}
