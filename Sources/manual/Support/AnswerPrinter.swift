import Foundation
import ManualKit

/// Renders an answer for an 80-column terminal: answer, sources, confidence, follow-ups.
struct AnswerPrinter {
    var width: Int

    func render(_ result: AskResult, explain: Bool) -> String {
        let answer = result.answer
        var out: [String] = wrap(answer.answer, indent: "")
        if !answer.citations.isEmpty {
            out.append("")
            out.append("Sources")
            // Consecutive sentences from one page and section are one source to a reader.
            var previous: (Int64, Int, String)?
            for citation in answer.citations {
                let key = (citation.documentID, citation.page, citation.heading)
                if let previous, previous == key { continue }
                previous = key
                let page = PageName.of(citation) + (citation.ocr == true ? ", OCR" : "")
                out += wrap("[\(page)] \(answer.sourceName(of: citation))" + (citation.heading.isEmpty ? "" : " — \(citation.heading)"),
                            indent: "  ")
                out += wrap("\"\(citation.quote)\"", indent: "      ")
            }
        }
        if answer.citations.contains(where: { $0.ocr == true }) {
            out += wrap("(OCR: read from a scanned page by text recognition; the quote may contain recognition errors)",
                        indent: "  ")
        }
        if let elsewhere = answer.alsoIn, !elsewhere.isEmpty {
            out.append("")
            out.append("Also in")
            for citation in elsewhere {
                let page = PageName.of(citation) + (citation.ocr == true ? ", OCR" : "")
                out += wrap("[\(page)] \(answer.sourceName(of: citation))" + (citation.heading.isEmpty ? "" : " — \(citation.heading)"),
                            indent: "  ")
            }
        }
        out.append("")
        out.append("Confidence: \(answer.confidence.rawValue) (\(AnswerPrinter.shownScore(answer.score)))")
        if !answer.suggestedFollowUps.isEmpty {
            out.append("")
            out.append("You could also ask")
            for followUp in answer.suggestedFollowUps { out += wrap("- " + followUp, indent: "  ") }
        }
        if explain {
            out.append("")
            out.append("Ranked passages (relevance = keyword weight x keyword + semantic weight x semantic)")
            for r in answer.results {
                let pages = r.firstPage == r.lastPage ? "p. \(r.firstPage)" : "pp. \(r.firstPage)-\(r.lastPage)"
                out += wrap("\(r.rank). \(r.file) \(pages) [\(r.matchType.rawValue)] \(r.heading)", indent: "  ")
                out.append("     keyword \(format(r.keywordScore))  semantic \(format(r.semanticScore))  "
                           + "relevance \(format(r.relevance))"
                           + (r.documentFactor.map { " (x \(format($0)): the question names another manual)" } ?? "")
                           + (r.definesOption == true ? " (the entry of the option asked about: ranked first)" : ""))
                out += wrap("matched: " + (r.matchedTerms.isEmpty ? "-" : r.matchedTerms.joined(separator: ", ")),
                            indent: "     ")
            }
        }
        if let id = result.queryID {
            out.append("")
            out.append("(query #\(id); rate it with: manual rate \(id) helpful|unhelpful)")
        }
        return out.joined(separator: "\n")
    }

    private func format(_ value: Double) -> String { String(format: "%.3f", value) }

    /// The score to two decimals, cut rather than rounded: the thresholds are two-decimal numbers, and
    /// 0.6492 shown as "0.65" beside `medium` would read as a broken rule (high starts at 0.65).
    static func shownScore(_ score: Double) -> String {
        // Via four decimals first, so 0.29 (28.999… hundredths in binary) stays 0.29. Written out from whole
        // hundredths: `String(format:)` goes through Foundation's formatter, a hundredth of a query's time.
        let hundredths = ((score * 10_000).rounded() / 100).rounded(.down)
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return String(format: "%.2f", hundredths / 100) }
        let whole = Int(abs(hundredths))
        return (hundredths < 0 ? "-" : "") + "\(whole / 100)." + (whole % 100 < 10 ? "0" : "") + "\(whole % 100)"
    }

    /// Greedy word wrap in terminal columns; words longer than a line are left whole, except that text
    /// with CJK characters, which has no spaces to break at, breaks between any two characters.
    func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent
            var used = DisplayWidth.of(indent)
            var hasWord = false
            func breakLine() {
                lines.append(line)
                line = indent + "  "
                used = DisplayWidth.of(line)
                hasWord = false
            }
            func append(_ text: Substring, width: Int) {
                if hasWord {
                    line += " "
                    used += 1
                }
                line += text
                used += width
                hasWord = true
            }
            for word in paragraph.split(separator: " ") {
                let wordWidth = DisplayWidth.of(word)
                if hasWord && used + 1 + wordWidth <= width || !hasWord && used + wordWidth <= width {
                    append(word, width: wordWidth)
                } else if word.unicodeScalars.contains(where: DisplayWidth.isWide) {
                    // Fill the rest of this line, then go on on the next ones, a character at a time.
                    if hasWord {
                        if used + 2 > width { breakLine() } else { line += " "; used += 1 }
                    }
                    for character in word {
                        let characterWidth = DisplayWidth.of(character)
                        if hasWord && used + characterWidth > width { breakLine() }
                        line.append(character)
                        used += characterWidth
                        hasWord = true
                    }
                } else {
                    if hasWord { breakLine() }
                    append(word, width: wordWidth)
                }
            }
            lines.append(line)
        }
        return lines
    }

}
