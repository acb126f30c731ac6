import Foundation

/// CPU priorities of live processes, read from /proc, for the tests of `BatchPriority`.
public enum ProcessPriority {
    /// The nice value of process `pid` ("self" for this one): field 19 of /proc/PID/stat, counted after
    /// the ")" that ends the command name (which may hold spaces). nil once the process is gone.
    public static func nice(_ pid: String) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 16 ? Int(fields[16]) : nil
    }

    /// The child processes of `pid`, started by any of its threads.
    public static func children(_ pid: Int32) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }

    /// The nice values of `pid`'s children seen every few milliseconds while `body` runs.
    public static func childrenNice<T>(of pid: Int32, while body: () throws -> T) rethrows -> (result: T, nice: Set<Int>) {
        let seen = LockedValue(Set<Int>()), done = LockedValue(false)
        let sampler = Thread {
            while !done.withLock({ $0 }) {
                for child in children(pid) { if let value = nice(child) { seen.withLock { _ = $0.insert(value) } } }
                usleep(5_000)
            }
        }
        sampler.start()
        defer { done.withLock { $0 = true } }
        let result = try body()
        usleep(10_000)
        return (result, seen.withLock { $0 })
    }
}
