import Foundation

/// The throwaway PostgreSQL server scripts/test starts (scripts/lib/postgres-cluster.sh) for the tests of
/// the PostgreSQL library: its URL without a database in $MANUAL_TEST_POSTGRES, and the shell commands that
/// stop and start it again in $MANUAL_TEST_PG_STOP and $MANUAL_TEST_PG_START.
public enum PostgresTestServer {
    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Whether the tests that need the server run: when it is there, and always in CI (where a missing server
    /// fails them rather than skipping them).
    public static var enabled: Bool { base != nil || environment["CI"] == "true" }

    public static var base: String? { environment["MANUAL_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }

    /// A new empty database on the server, named after `name` and a random suffix; its URL.
    public static func database(_ name: String) -> String {
        let database = "t_" + name.lowercased().filter { $0.isLetter || $0.isNumber } .prefix(30) + "_" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        let result = admin("CREATE DATABASE \(database)")
        precondition(result.exitCode == 0, "cannot create a test database: \(result)")
        return (base ?? "postgres://127.0.0.1:1") + "/" + database
    }

    /// Runs SQL with psql as the cluster's owner, on `database` (else the maintenance database).
    @discardableResult
    public static func admin(_ sql: String, database: String = "postgres") -> ChildResult {
        Child.run("/usr/bin/psql", ["-q", "-v", "ON_ERROR_STOP=1", (base ?? "postgres://127.0.0.1:1") + "/" + database, "-c", sql])
    }

    /// psql's unaligned rows of a query on a library's database (its URL).
    public static func rows(_ url: String, _ sql: String) -> [String] {
        let result = Child.run("/usr/bin/psql", ["-qAt", "-v", "ON_ERROR_STOP=1", url, "-c", sql])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Stops the server at once (as a crash or a lost node would), or starts it again.
    public static func stop() -> ChildResult { Child.run("/bin/sh", ["-c", environment["MANUAL_TEST_PG_STOP"] ?? "false"]) }
    public static func start() -> ChildResult { Child.run("/bin/sh", ["-c", environment["MANUAL_TEST_PG_START"] ?? "false"]) }
}
