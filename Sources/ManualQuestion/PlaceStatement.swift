import ManualIndex
/// "Where is the equipment serial number?", "Where is the revision number printed?": a question
/// asking where something is, and the sentences that state a place ("… on a plate at the back of the
/// base", "… printed on the PCB top silkscreen layer near the MAX5864", "… installed in
/// /usr/lib/cups/filter").
///
/// The question's words name the thing, which sentences about anything else done with it share too ("contact
/// Customer Relations, giving the equipment serial number"): the sentence that says where has the shape
/// of its answer (`SentenceScorer`), as the one that says when does for "When …?" (`OccasionStatement`).
package enum PlaceStatement {
    /// True for a question that opens by asking where something is or goes: "Where" then a verb of being or a
    /// modal ("Where's" counts). Not "Where the cable enters, what seals it?": there "where" sets the scene.
    static func isAsked(in words: [String]) -> Bool {
        guard words.count >= 3, words[0] == "where" else { return false }
        return askingVerbs.contains(words[1])
    }

    /// True when `text` states a place: a preposition of place before a part of a thing ("at the lower left
    /// corner", "on the label", "inside the door"), one that is a place whatever follows ("near the", "next
    /// to", "behind a"), a word saying where something was put ("located", "stamped", "mounted"), or a path.
    package static func states(_ text: String) -> Bool {
        pattern.matches(text)
    }

    // "s" is the "'s" of "Where's", split off as a word of its own.
    private static let askingVerbs: Set<String> = ["is", "are", "s", "was", "were", "must", "should", "do", "does",
                                                   "can", "could", "will", "would", "shall", "did"]

    private static let pattern = CompiledPattern(
        #"\b(on|at|in|under|inside)\s+(the|a|an|your|its|each|both)\s+([\w-]+\s+){0,3}(corner|side|edge|back|front|rear|top|bottom|underside|plate|label|sticker|panel|door|pillar|compartment|cover|base|housing|case|casing|board|pcb|layer|tray|frame|handle|lid|wall|floor|window|windscreen|windshield|dashboard|trunk|boot|bonnet|hood|screen)s?\b"#
            + #"|\b(near|beside|behind|beneath|underneath|next to)\s+(the|a|an|your|its)\b"#
            + #"|\b(located|stamped|engraved|mounted|printed on)\b"#
            + #"|(^|\s)~?/[\w.-]+/"#,
        caseInsensitive: true)
}
