import Foundation
import ManualKit

/// A fresh folder for one test's library file, removed when the test is done.
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("manual-test-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `data` to a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ data: Data) -> String {
        let p = path(name)
        _ = FileManager.default.createFile(atPath: p, contents: data)
        return p
    }

    /// Copies a file into the folder and returns the copy's path.
    @discardableResult
    public func copy(_ source: String, as name: String) -> String {
        let p = path(name)
        try? FileManager.default.removeItem(atPath: p)
        try? FileManager.default.copyItem(atPath: source, toPath: p)
        return p
    }
}

/// SHA-256 of a file's bytes via the system tool, to prove a library file was not touched.
public func fileDigest(_ path: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

/// A library of fixture manuals in a folder of its own: by default the car's (#1) and the kettle's (#2),
/// numbered in the order given.
// @unchecked Sendable: ManualLibrary's connection is for one thread at a time; each suite that holds a
// FixtureLibrary is `.serialized`, so its tests use it one after another.
public struct FixtureLibrary: @unchecked Sendable {
    public let folder = TemporaryFolder()
    public let library: ManualLibrary

    public init(_ manuals: [String] = [Fixtures.sampleManual, Fixtures.edge("small.pdf")]) {
        library = try! ManualLibrary(path: folder.path("lib.sqlite"))
        for manual in manuals { _ = try! library.ingest(manual) }
    }

    /// The answer to `question` with default settings, kept out of the query history.
    public func answer(_ question: String) throws -> Answer {
        try library.ask(question, record: false).answer
    }
}
