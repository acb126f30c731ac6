/// Words that end in a full stop without ending the sentence, lowercased and without the final dot.
enum Abbreviations {
    /// Never end a sentence: titles and Latin shorthands ("e.g.", "approx.", "vs.").
    static let neverFinal: Set<String> = [
        "e.g", "i.e", "eg", "ie", "approx", "appr", "ca", "cf", "vs", "viz", "incl", "excl", "resp", "esp",
        "dr", "mr", "mrs", "ms", "prof", "st", "mt", "al", "et al", "w.r.t", "a.k.a", "u.s", "z.b", "d.h", "bzw",
        "dept", "ext", "tel", "approx.", "cca", "abt",
    ]

    /// Stand before a number: "No. 5", "Fig. 3", "Vol. 2", "p. 17". Followed by anything else they may end a sentence.
    static let beforeNumber: Set<String> = [
        "no", "nos", "nr", "fig", "figs", "vol", "vols", "p", "pp", "ch", "chap", "chapt", "sec", "sect", "eq", "eqs",
        "tab", "art", "ref", "refs", "para", "pt", "pts", "rev", "ver", "op", "ed", "item", "step",
    ]

    /// Often end a sentence too ("... and so on, etc. The next ..."): a following capital letter ends it.
    static let finalBeforeCapital: Set<String> = [
        "etc", "min", "max", "hr", "hrs", "mins", "secs", "inc", "ltd", "co", "corp", "jr", "sr", "ft", "lb", "lbs", "oz",
    ]
}
