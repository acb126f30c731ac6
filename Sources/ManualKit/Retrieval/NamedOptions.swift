import Foundation

/// The command-line options a question names, as written: "-O", "--no-spiceinit".
///
/// The term analyser drops one-letter words and folds case, so for "What does the -O option do?" both
/// channels see only "option", and every chunk of an option list scores alike. The option itself, matched
/// as a whole token with its case ("-O" is not "-o"), says which chunk and which row answer.
struct NamedOptions {
    let options: [String]

    init(_ question: String) {
        options = NamedOptions.tokens(question).filter(NamedOptions.isOption)
    }

    var isEmpty: Bool { options.isEmpty }

    /// True when `text` holds one of the options as a whole token.
    func named(in text: String) -> Bool {
        !options.isEmpty && NamedOptions.tokens(text).contains(where: options.contains)
    }

    /// The whitespace-separated tokens of `text` with surrounding punctuation trimmed, hyphens and
    /// underscores kept: "-O," is "-O", "(hackrf_sweep)" is "hackrf_sweep".
    static func tokens(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace)
            .map { String($0.stripping { TrimSet.punctuation($0) && $0 != "-" && $0 != "_" }) }
    }

    /// "-s", "--step": a command-line option.
    static func isOption(_ token: String) -> Bool {
        token.hasPrefix("-") && token.dropFirst().first.map { $0.isLetter || $0 == "-" } == true
    }
}
