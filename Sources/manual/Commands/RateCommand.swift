import ArgumentParser
import ManualKit

struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Mark a past answer as helpful or unhelpful.",
        discussion: "Example:\n  manual rate 12 helpful"
    )

    enum Rating: String, ExpressibleByArgument, CaseIterable {
        case helpful
        case unhelpful
    }

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The query id (see 'manual history').")
    var queryID: Int64

    @Argument(help: "helpful or unhelpful.")
    var rating: Rating

    func run() throws {
        try library.open().rate(queryID: queryID, rating: rating.rawValue)
        Console.out("query #\(queryID) rated \(rating.rawValue)")
    }
}
