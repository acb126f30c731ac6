import Foundation
import ManualIndex

/// Reads what a sentence's wording says about the text around it.
package enum SentenceShape {
    /// True for a sentence ending in ":", which introduces the table or list after it.
    package static func introducesBlock(_ sentence: Sentence) -> Bool {
        sentence.text.strippingSpacesAndNewlines.hasSuffix(":")
    }

    /// True when the sentence states an amount: a word that starts with a digit ("230", "0.8 mm", "1,000",
    /// "30kHz"). Digits inside a name ("AT90S1200") do not count.
    static func statesNumber(_ text: String) -> Bool {
        var previousContinues = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 && !previousContinues { return true }
            // Letters, digits and "_" continue a name; outside ASCII, letters and numbers by Unicode.
            previousContinues = scalar.isASCII
                ? ((value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A) || (value >= 0x30 && value <= 0x39) || value == 0x5F
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return false
    }

    /// The numbers of `text` as written ("5.2", "1.1.9", "15,000"), where `statesNumber` sees them start: a digit
    /// that does not continue a name ("MC_2" has none).
    static func numbers(in text: String) -> [Substring] {
        var out: [Substring] = []
        var start: String.Index?
        var previousContinues = false
        var index = text.startIndex
        func close(at end: String.Index) {
            guard let from = start else { return }
            var number = text[from..<end]
            while let last = number.last, last == "." || last == "," { number = number.dropLast() }
            out.append(number)
            start = nil
        }
        while index < text.endIndex {
            let character = text[index]
            if start != nil, !(character.isASCII && (character.isNumber || character == "." || character == ",")) {
                close(at: index)
            }
            if start == nil, character.isASCII, character.isNumber, !previousContinues { start = index }
            previousContinues = character == "_" || character.isLetter || character.isNumber
            index = text.index(after: index)
        }
        close(at: text.endIndex)
        return out
    }

    /// True for a table's header row: the first row of a table, naming its columns ("name | size |
    /// comments", "Time | Value"), with no amount of its own. Its first cell titles a column, so a question
    /// word there ("mode", "time") does not make it a row labelled with what was asked.
    static func isTableHeader(at index: Int, in sentences: [Sentence]) -> Bool {
        sentences[index].kind == .tableRow && (index == 0 || sentences[index - 1].kind != .tableRow)
            && index + 1 < sentences.count && sentences[index + 1].kind == .tableRow
            && !statesNumber(sentences[index].text)
    }

    /// True for a label of one word and a colon on its own ("Examples:", "Syntax:", "Solution:"): it
    /// introduces what follows it and says nothing itself.
    static func isBareLabel(_ text: String) -> Bool {
        let trimmed = text.strippingSpaces
        return trimmed.count >= 2 && trimmed.hasSuffix(":") && !trimmed.dropLast().contains(" ")
    }

    /// True for an instruction: a sentence that opens with a command verb ("Fill the kettle ...", "Press ...").
    static func instructs(_ sentence: Sentence) -> Bool {
        guard sentence.kind == .body || sentence.kind == .listItem else { return false }
        let first = sentence.text.prefix { $0.isLetter }
        guard let initial = first.first, initial.isUppercase else { return false }
        let verb = first.lowercased()
        return TopicQuestion.verbs.contains(verb) || instructionVerbs.contains(verb)
    }

    /// Command verbs of instructions besides those a heading may start with (`TopicQuestion.verbs`).
    static let instructionVerbs: Set<String> = [
        "bring", "hold", "leave", "let", "make", "move", "place", "pour", "press", "pull", "push", "put",
        "rinse", "run", "slide", "take", "type", "wait", "wipe", "enter", "give", "specify", "edit", "write",
    ]

    /// True for a line of a usage block: "Usage: wr3-scan [-b BAND]" or an option row ("-s STEP | tuning
    /// step", "--verbose"). Quoted only when the question asks for a command line.
    static func isUsage(_ sentence: Sentence) -> Bool {
        let text = sentence.text.strippingSpaces
        if text.lowercased().hasPrefix("usage:") || text.lowercased().hasPrefix("synopsis:") { return true }
        guard sentence.kind == .tableRow || sentence.kind == .body, text.hasPrefix("-") else { return false }
        let flag = text.dropFirst(text.hasPrefix("--") ? 2 : 1)
        return flag.first.map { $0.isLetter } == true
    }

    /// True for a sentence that is a web or mail address and nothing else ("http://expeyes.in" under a
    /// manual's title): it shares the product's name with "What is expEYES?" and says nothing about it.
    static func isAddressOnly(_ text: String) -> Bool {
        var address = text.strippingSpaces
        while let last = address.last, ".,;:)".contains(last) { address.removeLast() }
        guard !address.isEmpty, !address.contains(" ") else { return false }
        let lower = address.lowercased()
        return ["http://", "https://", "ftp://", "www."].contains(where: lower.hasPrefix)
            || (lower.contains("@") && lower.contains(".") && lower.first?.isLetter == true)
    }

    /// True for a line of a usage block or of code (`isUsage`, `isCode`): quoted only when the question
    /// asks for a command line or code (`QuestionTerms.asksForCommand`).
    static func isCommandText(_ sentence: Sentence) -> Bool { isUsage(sentence) || isCode(sentence) }

    /// True for a list or table read as one run-on sentence: long, and saying the same few words over and
    /// over ("RQDX3/UDA50 MSCP controller with four drives second RQDX3/UDA50 MSCP controller with four
    /// drives third …"). It names things; it states nothing about them.
    static func isFlattenedList(_ text: String) -> Bool {
        // Counted on the bytes first: every candidate sentence of a question is asked, most are shorter than
        // 25 words, and splitting into characters looked up each one's Unicode properties (a hundredth of a
        // question). In ASCII every character is one byte, except "\r\n", white space as its two bytes are.
        if text.utf8.allSatisfy({ $0 < 0x80 }) && asciiWordCount(text) < 25 { return false }
        // Lowercased only past the length test.
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count >= 25 else { return false }
        return Set(words.map { $0.lowercased() }).count * 2 < words.count
    }

    /// The words of ASCII `text` split at white space as `Character.isWhitespace` says (tab to carriage
    /// return, space).
    private static func asciiWordCount(_ text: String) -> Int {
        var count = 0, inWord = false
        for byte in text.utf8 {
            let space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    /// True for a line of source code: a preprocessor line, a statement or declaration ("int r =
    /// hackrf_init();"), a brace, or a constant's definition ("HACKRF_TRANSCEIVER_MODE_TRANSMIT = 2,").
    /// An API reference's code shares the question's words through its identifiers ("transmit" in
    /// "…_MODE_TRANSMIT") and answers only a question about the code (`QuestionTerms.asksForCommand`).
    static func isCode(_ sentence: Sentence) -> Bool {
        guard sentence.kind == .body || sentence.kind == .listItem else { return false }
        let text = sentence.text.strippingSpaces
        guard let last = text.last else { return false }
        if text.hasPrefix("#include") || text.hasPrefix("#define") || text == "}" || text == "};" || last == "{" { return true }
        // A statement: a call or assignment after a few words at most (a type and a name), not prose that
        // ends in an example ("… as in memory "efuse" = NULL;").
        if last == ";", let operation = text.firstIndex(where: { $0 == "(" || $0 == "=" }),
           text[..<operation].split(separator: " ").count <= 4 { return true }
        // IDENTIFIER = value: a name joined by underscores and nothing else before the "=".
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard name.contains("_"), name.first?.isLetter == true else { return false }
        return text.dropFirst(name.count).strippingSpaces.first == "="
    }

    /// True for the item line of a definition list: a term alone on its line, in quotes, before the text
    /// that says what it is ("‘section_config’" then "Programmer will erase configuration section ...").
    /// GNU manuals print their option and parameter tables this way. Like a heading, it names a topic and
    /// answers nothing: its words reach the description below it (`ChunkAnalysis.termHeads`).
    ///
    /// A term set above a table of its values is read as the table's one-cell first row ("‘spifreq=0..7’" above
    /// "0 | 30 kHz (default)"): it is the item line all the same.
    static func namesTerm(_ sentence: Sentence) -> Bool {
        guard sentence.kind == .body || (sentence.kind == .tableRow && !ASCIISearch.contains(sentence.text, " | ")) else { return false }
        let text = sentence.text.strippingSpaces
        guard let first = text.first, let last = text.last, text.count >= 3, text.count <= 60,
              termOpeners.contains(first), termClosers.contains(last) else { return false }
        let inner = text.dropFirst().dropLast()
        // One term, not a quoted sentence: no quote inside, at most three words.
        return !inner.contains(where: { termOpeners.contains($0) || termClosers.contains($0) })
            && inner.split(separator: " ").count <= 3 && inner.contains(where: \.isLetter)
    }

    private static let termOpeners: Set<Character> = ["‘", "“", "`", "'", "\""]
    private static let termClosers: Set<Character> = ["’", "”", "'", "\""]

    /// True for a sentence that asks a question ("Problem: How do I ...?"), as FAQs do before the answer.
    static func asks(_ sentence: Sentence) -> Bool {
        sentence.text.strippingSpacesAndNewlines.hasSuffix("?")
    }

    /// Words that open a sentence going on with the one before it: it names no subject of its own
    /// ("It is 33 psi.", "However, ...").
    static let continuingOpeners: Set<String> = [
        "it", "its", "it's", "this", "these", "that", "those", "they", "their", "such", "however", "otherwise",
        "then", "also", "thus", "hence", "therefore", "here", "so", "but", "instead", "alternatively",
    ]

    /// True for a sentence that continues the statement before it rather than starting a new one. Not one
    /// whose demonstrative points at what it announces: "These switches are recognized when examining CPU
    /// memory:" opens the list after it, not more about "Initial memory size is 256KB." ("This is done as
    /// follows:" still goes on with the sentence before it.)
    static func continuesStatement(_ sentence: Sentence) -> Bool {
        guard sentence.kind != .heading, !sentence.kind.isBlockLine else { return false }
        let words = sentence.text.split(whereSeparator: \.isWhitespace).prefix(2).map {
            $0.drop { !$0.isLetter }.prefix { $0.isLetter || $0 == "'" || $0 == "’" }.lowercased()
                .replacingOccurrences(of: "’", with: "'")
        }
        guard let word = words.first else { return false }
        if demonstratives.contains(word), words.count > 1, !words[1].isEmpty, !pronounFollowers.contains(words[1]),
           introducesBlock(sentence) {
            return false
        }
        return continuingOpeners.contains(word)
            || sentence.text.lowercased().hasPrefix("in this case") || sentence.text.lowercased().hasPrefix("in that case")
    }

    /// Words that open a sentence as a pronoun ("This is …") or as a determiner before a noun ("These switches …").
    private static let demonstratives: Set<String> = ["this", "these", "that", "those", "such"]

    /// Words after a demonstrative that make it a pronoun standing for what came before (verbs, and "also",
    /// "way", "as"): "This is done as follows:", "This way:", "Such as:".
    private static let pronounFollowers: Set<String> = [
        "is", "are", "was", "were", "can", "could", "will", "would", "may", "might", "must", "should", "shall",
        "has", "have", "had", "does", "do", "did", "means", "allows", "lets", "makes", "gives", "applies",
        "includes", "requires", "works", "happens", "also", "way", "as",
    ]
}

private extension Array where Element == UInt8 {
}
