import Foundation

/// A PostgreSQL library's location: a libpq URL (`postgres://user@host:port/dbname`), as `--db` and
/// `MANUAL_DB` give it.
enum PostgresLocation {
    /// Whether `location` names a PostgreSQL library rather than an SQLite file.
    static func isURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// The URL without its password, as messages, `status` and the store's `path` show it.
    static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
              let colon = rest[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + String(url[at...])
    }

    /// Passwords given in URLs this process opened, by redacted URL: a store's `path` has none, and the
    /// processes' other stores (batch workers, the server's readers) open the library again by it.
    // nonisolated(unsafe): every access holds `lock`.
    private nonisolated(unsafe) static var passwords: [String: String] = [:]
    private static let lock = NSLock()

    /// The URL to connect with for `location`: as given, or with the password remembered for it.
    static func connectionURL(for location: String) -> String {
        let shown = redacted(location)
        lock.lock()
        defer { lock.unlock() }
        if shown != location {
            passwords[shown] = location
            return location
        }
        return passwords[location] ?? location
    }

    /// Whether `url` reaches the server on this machine: a loopback address (`localhost`, `127.x.x.x`,
    /// `[::1]`) or a Unix socket (no host, or a folder as the host, given in the authority or as `host=`).
    /// A connection there gains nothing from TLS or GSS encryption, which cost a round trip or a Kerberos
    /// look-up before the login (`PostgresConnection`).
    static func isLocal(_ url: String) -> Bool {
        guard let scheme = url.range(of: "://") else { return false }
        let rest = url[scheme.upperBound...]
        let query = rest.firstIndex(of: "?").map { String(rest[rest.index(after: $0)...]) } ?? ""
        var hosts: [String] = []
        for pair in query.split(separator: "&") where pair.hasPrefix("host=") || pair.hasPrefix("hostaddr=") {
            hosts.append(String(pair.split(separator: "=", maxSplits: 1).last ?? ""))
        }
        if hosts.isEmpty {
            let authority = rest[..<(rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex)]
            let afterUser = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
            // host[:port][,host[:port]…]; an IPv6 address in brackets keeps its colons.
            for entry in afterUser.split(separator: ",", omittingEmptySubsequences: false) {
                if entry.hasPrefix("[") {
                    hosts.append(String(entry.dropFirst().prefix(while: { $0 != "]" })))
                } else {
                    hosts.append(String(entry.prefix(while: { $0 != ":" })))
                }
            }
        }
        return hosts.allSatisfy { raw in
            let host = (raw.removingPercentEncoding ?? raw).lowercased()
            return host.isEmpty || host.hasPrefix("/") || host == "localhost" || host.hasPrefix("127.") || host == "::1"
        }
    }

    /// Where this node keeps what it derives from the library (the vector file): under the user's cache
    /// folder, named by the URL, since there is no library file to put it beside.
    static func cachePrefix(for location: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nodePrefix(for: location, under: ("XDG_CACHE_HOME", "/.cache"), environment: environment)
    }

    /// Where this node keeps files that must outlast a cache clean-up (a server's uploaded PDFs, which the
    /// library's documents name as their source): under the user's data folder, named by the URL.
    static func dataPrefix(for location: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        nodePrefix(for: location, under: ("XDG_DATA_HOME", "/.local/share"), environment: environment)
    }

    /// `folder`: the XDG variable and its default below `HOME`. The name holds a hash of the URL without its
    /// password, never the URL itself: a file name shows no user, host or password.
    private static func nodePrefix(for location: String, under folder: (variable: String, fallback: String),
                                   environment: [String: String]) -> String {
        let base: String
        if let set = environment[folder.variable], set.hasPrefix("/") {
            base = set
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + folder.fallback
        }
        let directory = base + "/manual"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return directory + "/postgres-" + fnv1a(redacted(location))
    }

    /// FNV-1a of the URL's bytes, in hex: a name for the node's file, not a secret, and no cryptographic
    /// library to load (GLib's checksum was a few milliseconds of every question's start).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
