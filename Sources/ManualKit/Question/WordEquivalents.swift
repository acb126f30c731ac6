/// Words that name the same thing in manuals: British and American spellings, and everyday
/// words for a manual's terms. Used only to rewrite a question word the library never uses.
enum WordEquivalents {
    /// Each group lists interchangeable words; the first is just the usual spelling.
    static let groups: [[String]] = [
        // British and American spelling; with them, an appliance's "cycle" for its programme and an owner's
        // "smell" or "stink" for an odour (one group per stem: a stem in two groups keeps only the first)
        ["tire", "tyre"], ["color", "colour"], ["aluminum", "aluminium"], ["liter", "litre"], ["meter", "metre"],
        ["center", "centre"], ["gray", "grey"], ["license", "licence"], ["catalog", "catalogue"],
        ["program", "programme", "cycle"], ["fiber", "fibre"], ["analyze", "analyse"], ["organize", "organise"],
        ["recognize", "recognise"], ["minimize", "minimise"], ["maximize", "maximise"], ["customize", "customise"],
        ["initialize", "initialise"], ["synchronize", "synchronise"], ["optimize", "optimise"],
        ["maneuver", "manoeuvre"], ["mold", "mould"], ["sulfur", "sulphur"], ["behavior", "behaviour"],
        ["favorite", "favourite"], ["odor", "odour", "smell", "stink"], ["vapor", "vapour"], ["curb", "kerb"], ["disk", "disc"],
        ["gauge", "gage"], ["dialog", "dialogue"], ["traveling", "travelling"], ["canceled", "cancelled"],
        ["labeled", "labelled"], ["modeling", "modelling"], ["aging", "ageing"], ["defense", "defence"],
        ["plow", "plough"], ["airplane", "aeroplane"], ["mustache", "moustache"], ["cozy", "cosy"],
        // Cars
        ["wrench", "spanner"], ["hood", "bonnet"], ["trunk", "boot"], ["windshield", "windscreen"],
        ["gasoline", "petrol", "gas"], ["truck", "lorry"], ["transmission", "gearbox"], ["muffler", "silencer"],
        ["antenna", "aerial"], ["defroster", "demister"], ["defrost", "demist"], ["headlight", "headlamp"],
        ["oil", "lubricant", "lube"], ["engine", "motor"], ["puncture", "flat"], ["odometer", "mileometer"],
        ["navigation", "satnav"], ["sidewalk", "pavement"], ["faucet", "tap"], ["flashlight", "torch"],
        // A British owner tows a "caravan" where the towing section says "trailer".
        ["trailer", "caravan"],
        // A warning light's colour: manuals say "amber" where owners say "orange".
        ["amber", "orange"],
        // Devices and software
        ["configuration", "config", "settings", "setup"], ["error", "fault"], ["repair", "fix"],
        ["warranty", "guarantee"], ["firmware", "software"], ["erase", "delete", "wipe"],
        ["temperature", "temp"], ["velocity", "speed"], ["cable", "cord", "lead"], ["socket", "outlet"],
        ["plug", "connector"], ["instructions", "directions"], ["manual", "handbook", "guide"],
        ["verify", "check"], ["quit", "exit"], ["cell", "battery"], ["computer", "pc"],
    ]

    /// Equivalent words for `stem` (a Porter2 stem), the group's own spellings included.
    static func group(forStem stem: String) -> [String]? {
        index[stem]
    }

    private static let index: [String: [String]] = {
        var byStem: [String: [String]] = [:]
        for group in groups {
            for word in group where byStem[Stemmer.stem(word)] == nil {
                byStem[Stemmer.stem(word)] = group
            }
        }
        return byStem
    }()
}
