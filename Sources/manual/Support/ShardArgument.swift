import ArgumentParser
import ManualKit

/// `--shard i/n` of `ingest` and `reindex`.
extension Shard: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
