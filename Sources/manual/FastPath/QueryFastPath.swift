/// `manual query` without ArgumentParser, for the command lines a question is usually asked with (issue 51):
/// parsing the root command with its fifteen subcommands through ArgumentParser's reflection was an eighth of
/// a question's instructions, more than the keyword index's own work.
///
/// Only a command line this reads exactly as ArgumentParser would is taken: `query`, each long option of
/// `QueryCommand` at most once as `--name value` (a value that does not start with "-"), its flags at most once,
/// one question (not starting with "-" unless it is "-" itself), and values that convert and pass
/// `QueryRequest.problem`. Anything else (help, `--name=value`, short names, an unknown or repeated option, a
/// bad value) returns nil, and ArgumentParser reads the command line and says what is wrong as before.
/// `QueryFastPathTests` holds the two readers to the same values.
enum QueryFastPath {
    /// The request `arguments` (without the program's name) make, or nil when ArgumentParser must read them.
    static func request(_ arguments: [String]) -> QueryRequest? {
        guard arguments.first == "query" else { return nil }
        var values: [String: String] = [:], flags: Set<String> = [], question: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flagNames.contains(argument) {
                guard flags.insert(argument).inserted else { return nil }
            } else if optionNames.contains(argument) {
                guard index < arguments.count, values[argument] == nil, !arguments[index].hasPrefix("-") else { return nil }
                values[argument] = arguments[index]
                index += 1
            } else if argument.hasPrefix("-") && argument != "-" {
                return nil
            } else {
                guard question == nil else { return nil }
                question = argument
            }
        }
        guard let question else { return nil }
        var request = QueryRequest(db: values["--db"], question: question, section: values["--section"],
                                   explain: flags.contains("--explain"), json: flags.contains("--json"),
                                   noHistory: flags.contains("--no-history"))
        if let text = values["--doc"] { guard let doc = Int64(text) else { return nil }; request.doc = doc }
        if let text = values["--page"] { guard let page = Int(text) else { return nil }; request.page = page }
        if let text = values["--top-k"] { guard let topK = Int(text) else { return nil }; request.topK = topK }
        if let text = values["--keyword-weight"] {
            guard let weight = Double(text) else { return nil }
            request.keywordWeight = weight
        }
        if let text = values["--semantic-weight"] {
            guard let weight = Double(text) else { return nil }
            request.semanticWeight = weight
        }
        return request.problem == nil ? request : nil
    }

    private static let flagNames: Set<String> = ["--explain", "--json", "--no-history"]
    private static let optionNames: Set<String> = ["--db", "--doc", "--page", "--section", "--top-k", "--keyword-weight",
                                                   "--semantic-weight"]
}
