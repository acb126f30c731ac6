/// English words too common to help find a passage, including the words questions are phrased with.
///
/// Tokens arrive with apostrophes removed, so contractions are listed in that form ("dont", "isnt").
/// Kept as content on purpose because instructions depend on them: off, up, down, above, below, over,
/// under, before, after, left, right, front, back, first, last. Left out because they are words too:
/// "id" (I'd / device ID), "ill", "well".
/// Changing this list changes stored terms: bump `TextAnalyzer.version`.
public enum Stopwords {
    /// The stopword set, lowercase, apostrophes removed.
    public static let english: Set<String> = [
        // articles, conjunctions, prepositions
        "a", "an", "the", "and", "or", "but", "nor", "if", "then", "else", "than", "so", "as",
        "of", "at", "by", "for", "with", "about", "into", "onto", "through", "during", "to", "from",
        "in", "on", "upon", "out", "between", "within", "without", "via", "per", "until", "while",
        "because", "since", "although", "though", "whether", "also", "too", "very", "just", "only",
        "both", "either", "neither", "each", "every", "all", "any", "some", "such", "no", "not",
        "own", "same", "other", "others", "another", "more", "most", "less", "least", "few", "many",
        "much", "again", "further", "once", "here", "there", "thereof", "therefore", "thus", "hence",
        "etc", "eg", "ie", "vs",
        // pronouns and determiners
        "i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves",
        "you", "your", "yours", "yourself", "yourselves", "he", "him", "his", "himself",
        "she", "her", "hers", "herself", "it", "its", "itself", "they", "them", "their", "theirs",
        "themselves", "this", "that", "these", "those", "one", "ones",
        // question words
        "what", "which", "who", "whom", "whose", "when", "where", "why", "how",
        "whatever", "whichever", "whoever", "whenever", "wherever", "however",
        // auxiliaries and modals
        "am", "is", "are", "was", "were", "be", "been", "being",
        "have", "has", "had", "having", "do", "does", "did", "doing", "done",
        "can", "could", "shall", "should", "will", "would", "may", "might", "must", "ought",
        // contractions, apostrophes removed
        "im", "ive", "youre", "youve", "youd", "youll", "hes", "shes", "weve",
        "theyre", "theyve", "theyd", "theyll", "thats", "theres", "whats", "wheres", "hows", "whos",
        "isnt", "arent", "wasnt", "werent", "hasnt", "havent", "hadnt", "doesnt", "dont", "didnt",
        "cant", "cannot", "couldnt", "shouldnt", "wouldnt", "wont", "mustnt", "lets",
        // filler common in questions
        "please", "tell", "anyone", "someone", "something", "anything", "thing", "things",
    ]

    /// True when `word` (a lowercase token) is a stopword.
    public static func contains(_ word: String) -> Bool {
        english.contains(word)
    }
}
