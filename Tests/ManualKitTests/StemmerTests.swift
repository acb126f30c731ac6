import Testing
@testable import ManualKit
@testable import ManualIndex

struct StemmerTests {
    /// Word -> stem pairs from the Snowball English (Porter2) vocabulary and algorithm description,
    /// checked against the reference C implementation (libstemmer 2.2).
    static let snowballPairs: [(String, String)] = [
        ("consign", "consign"), ("consigned", "consign"), ("consigning", "consign"), ("consignment", "consign"),
        ("consist", "consist"), ("consisted", "consist"), ("consistency", "consist"), ("consistent", "consist"),
        ("consistently", "consist"), ("consisting", "consist"), ("consists", "consist"), ("consolation", "consol"),
        ("consolations", "consol"), ("consolatory", "consolatori"), ("console", "consol"), ("consoled", "consol"),
        ("consoles", "consol"), ("consolidate", "consolid"), ("consolidated", "consolid"), ("consolidating", "consolid"),
        ("consoling", "consol"), ("consolingly", "consol"), ("consols", "consol"), ("consonant", "conson"),
        ("consort", "consort"), ("consorted", "consort"), ("consorting", "consort"), ("conspicuous", "conspicu"),
        ("conspicuously", "conspicu"), ("conspiracy", "conspiraci"), ("conspirator", "conspir"), ("conspirators", "conspir"),
        ("conspire", "conspir"), ("conspired", "conspir"), ("conspiring", "conspir"), ("constable", "constabl"),
        ("constables", "constabl"), ("constance", "constanc"), ("constancy", "constanc"), ("constant", "constant"),
        ("knack", "knack"), ("knackeries", "knackeri"), ("knacks", "knack"), ("knag", "knag"),
        ("knave", "knave"), ("knaves", "knave"), ("knavish", "knavish"), ("kneaded", "knead"),
        ("kneading", "knead"), ("knee", "knee"), ("kneel", "kneel"), ("kneeled", "kneel"),
        ("kneeling", "kneel"), ("kneels", "kneel"), ("knees", "knee"), ("knell", "knell"),
        ("knelt", "knelt"), ("knew", "knew"), ("knick", "knick"), ("knif", "knif"),
        ("knife", "knife"), ("knight", "knight"), ("knightly", "knight"), ("knights", "knight"),
        ("knit", "knit"), ("knits", "knit"), ("knitted", "knit"), ("knitting", "knit"),
        ("knives", "knive"), ("knob", "knob"), ("knobs", "knob"), ("knock", "knock"),
        ("knocked", "knock"), ("knocker", "knocker"), ("knockers", "knocker"), ("knocking", "knock"),
        ("knocks", "knock"), ("knopp", "knopp"), ("knot", "knot"), ("knots", "knot"),
        ("generously", "generous"), ("generate", "generat"), ("generation", "generat"), ("generous", "generous"),
        ("communication", "communic"), ("community", "communiti"), ("communism", "communism"), ("arsenic", "arsenic"),
        ("arsenal", "arsenal"), ("pressures", "pressur"), ("pressure", "pressur"), ("tires", "tire"),
        ("tire", "tire"), ("tyres", "tyre"), ("recommended", "recommend"), ("changing", "chang"),
        ("batteries", "batteri"), ("battery", "batteri"), ("skis", "ski"), ("skies", "sky"),
        ("dying", "die"), ("lying", "lie"), ("tying", "tie"), ("idly", "idl"),
        ("gently", "gentl"), ("ugly", "ugli"), ("early", "earli"), ("only", "onli"),
        ("singly", "singl"), ("sky", "sky"), ("news", "news"), ("howe", "howe"),
        ("atlas", "atlas"), ("cosmos", "cosmos"), ("bias", "bias"), ("andes", "andes"),
        ("inning", "inning"), ("outing", "outing"), ("canning", "canning"), ("herring", "herring"),
        ("earring", "earring"), ("proceed", "proceed"), ("exceed", "exceed"), ("succeed", "succeed"),
        ("caresses", "caress"), ("ponies", "poni"), ("ties", "tie"), ("cries", "cri"),
        ("cats", "cat"), ("gaps", "gap"), ("gas", "gas"), ("kiwis", "kiwi"),
        ("this", "this"), ("feed", "feed"), ("agreed", "agre"), ("bleed", "bleed"),
        ("plastered", "plaster"), ("motoring", "motor"), ("sing", "sing"), ("hoping", "hope"),
        ("hopping", "hop"), ("tanned", "tan"), ("falling", "fall"), ("hissing", "hiss"),
        ("fizzed", "fizz"), ("failing", "fail"), ("filing", "file"), ("happy", "happi"),
        ("cry", "cri"), ("by", "by"), ("say", "say"), ("relational", "relat"),
        ("conditional", "condit"), ("rational", "ration"), ("valency", "valenc"), ("hesitancy", "hesit"),
        ("digitizer", "digit"), ("operator", "oper"), ("feudalism", "feudal"), ("decisiveness", "decis"),
        ("hopefulness", "hope"), ("callousness", "callous"), ("formality", "formal"), ("sensitivity", "sensit"),
        ("sensibility", "sensibl"), ("triplicate", "triplic"), ("formative", "format"), ("formalize", "formal"),
        ("electricity", "electr"), ("electrical", "electr"), ("hopeful", "hope"), ("goodness", "good"),
        ("revival", "reviv"), ("allowance", "allow"), ("inference", "infer"), ("airliner", "airlin"),
        ("gyroscopic", "gyroscop"), ("adjustable", "adjust"), ("defensible", "defens"), ("irritant", "irrit"),
        ("replacement", "replac"), ("adjustment", "adjust"), ("dependent", "depend"), ("adoption", "adopt"),
        ("homologous", "homolog"), ("effective", "effect"), ("bowdlerize", "bowdler"), ("probate", "probat"),
        ("rate", "rate"), ("cease", "ceas"), ("controll", "control"), ("controlling", "control"),
        ("lubricant", "lubric"), ("lubrication", "lubric"), ("lubricate", "lubric"), ("quantization", "quantiz"),
        ("yield", "yield"), ("yes", "yes"), ("youth", "youth"), ("sayings", "say"),
        ("enjoying", "enjoy"), ("employ", "employ"), ("theory", "theori"), ("dog's", "dog"),
        ("dogs'", "dog"),
    ]

    @Test func matchesSnowballVocabulary() {
        #expect(Self.snowballPairs.count >= 200)
        let mismatches = Self.snowballPairs.compactMap { word, expected -> String? in
            let actual = Stemmer.porter2(word)
            return actual == expected ? nil : "\(word): expected \(expected), got \(actual)"
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "; "))")
    }

    @Test func briefExamples() {
        #expect(Stemmer.stem("generously") == "generous")
        #expect(Stemmer.stem("pressures") == "pressur")
        #expect(Stemmer.stem("tires") == "tire")
        #expect(Stemmer.porter2("tyres") == "tyre")
        // The term folds the British spelling into the American one (`SpellingVariants`).
        #expect(Stemmer.stem("tyres") == "tire")
        #expect(Stemmer.stem("recommended") == "recommend")
        #expect(Stemmer.stem("changing") == "chang")
        #expect(Stemmer.stem("batteries") == "batteri")
    }

    @Test func regionExceptionsForGenerCommunArsen() {
        // Without the exceptions R1 would start after "gen", "com" and "ars" and over-stem these.
        #expect(Stemmer.stem("generous") == "generous")
        #expect(Stemmer.stem("communism") == "communism")
        #expect(Stemmer.stem("arsenal") == "arsenal")
    }

    @Test func yBetweenVowelsIsAConsonant() {
        #expect(Stemmer.stem("sayings") == "say")
        #expect(Stemmer.stem("enjoying") == "enjoy")
        #expect(Stemmer.stem("happy") == "happi")
        #expect(Stemmer.stem("by") == "by")
    }

    @Test func shortAndForeignWordsAreUnchanged() {
        #expect(Stemmer.stem("") == "")
        #expect(Stemmer.stem("is") == "is")
        #expect(Stemmer.stem("ñandúes") == "ñandúes")
        #expect(Stemmer.stem("Running") == "Running") // input must already be lowercase
        #expect(Stemmer.stem("mp3s") == "mp3s")
    }
}
