import Testing
@testable import manual

/// `manual query` read without ArgumentParser (`QueryFastPath`) gives the values ArgumentParser gives, and
/// leaves every other command line to ArgumentParser.
@Suite struct QueryFastPathTests {
    private func parsed(_ arguments: [String]) throws -> QueryRequest? {
        (try Manual.parseAsRoot(arguments) as? QueryCommand)?.request
    }

    @Test func theCommandLinesItTakesAreReadAsArgumentParserReadsThem() throws {
        let lines: [[String]] = [
            ["query", "tire pressure"],
            ["query", "-"],
            ["query", "--no-history", "--db", "/tmp/lib.sqlite", "What is the maximum RX input power?"],
            ["query", "reset the light", "--json", "--explain", "--top-k", "10", "--doc", "3", "--page", "12"],
            ["query", "--section", "Safety", "--keyword-weight", "1", "--semantic-weight", "0", "oil"],
            ["query", "--keyword-weight", "0.25", "--semantic-weight", "1e-1", "--no-history", "list"],
        ]
        for line in lines {
            let fast = QueryFastPath.request(line)
            #expect(fast != nil, "\(line)")
            #expect(try fast == parsed(line), "\(line)")
        }
    }

    @Test func everythingElseIsLeftToArgumentParser() {
        let lines: [[String]] = [
            ["query"], ["query", "--help"], ["query", "-h"], ["query", "a", "b"], ["query", "--json", "--json", "a"],
            ["query", "--db=/tmp/lib.sqlite", "a"], ["query", "--top-k", "0", "a"], ["query", "--top-k", "ten", "a"],
            ["query", "--page", "-1", "a"], ["query", "--unknown", "a"], ["query", "--", "-a"], ["query", "   "],
            ["query", "--keyword-weight", "0", "--semantic-weight", "0", "a"], ["query", "a", "--db"],
            ["list"], ["--version"], [],
        ]
        for line in lines { #expect(QueryFastPath.request(line) == nil, "\(line)") }
    }
}
