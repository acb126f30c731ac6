import Foundation

/// The names a request's `Host` may carry. Anything else is refused before a route runs, so a page
/// whose domain was rebound to this machine's address (DNS rebinding) reads and changes nothing: its
/// requests name its own domain, which is not on the list.
///
/// Always allowed: `localhost`, IPv4 loopback addresses (127.0.0.0/8) and `[::1]`. Also allowed: the
/// address the server listens on, the names given with `--allowed-host`, and, when it listens on every
/// interface (`0.0.0.0`, `::`), this machine's own addresses and host name, since that is how other
/// machines reach it. The port is not compared: a rebinding page uses the server's own port.
struct HostAllowList: Sendable {
    private let names: Set<String>

    init(listeningOn host: String, allowed: [String], machineNames: @autoclosure () -> [String] = HostAllowList.machineNames()) {
        var names = Set(allowed.map(HostAllowList.normalised))
        names.insert(HostAllowList.normalised(host))
        if HostAllowList.isWildcard(host) { names.formUnion(machineNames().map(HostAllowList.normalised)) }
        self.names = names
    }

    /// Whether a `Host` header value (`name`, `name:port`, `[v6]` or `[v6]:port`) is allowed.
    func admits(_ hostHeader: String?) -> Bool {
        guard let hostHeader, let name = HostAllowList.name(ofHostHeader: hostHeader), !name.isEmpty else { return false }
        return HostAllowList.isLoopbackName(name) || names.contains(name)
    }

    /// The host part of a `Host` header, lowercased, without brackets or port; nil when malformed.
    static func name(ofHostHeader value: String) -> String? {
        let value = value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return normalised(String(value[value.index(after: value.startIndex)..<close]))
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.count == 1 || parts[1].allSatisfy(\.isNumber) else { return nil }
        return normalised(String(parts[0]))
    }

    /// Lowercased, without IPv6 brackets or a trailing dot (`LocalHost.` is `localhost`).
    static func normalised(_ name: String) -> String {
        var name = name.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// Names that can only mean this machine: they never resolve elsewhere, so no page can rebind them.
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    static func isWildcard(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]" || host.isEmpty
    }

    /// This machine's interface addresses and host name: how other machines address a server that
    /// listens on every interface.
    static func machineNames() -> [String] {
        var names: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count) == 0 { names.append(String(cString: buffer)) }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            if getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                // A link-local IPv6 address comes with its zone ("fe80::1%eth0"); a Host header cannot carry one.
                names.append(String(String(cString: host).split(separator: "%")[0]))
            }
        }
        return names
    }
}
