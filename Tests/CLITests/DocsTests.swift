import Foundation
import Testing
import TestSupport

/// docs/cli.md is made from the argument parser (scripts/make-docs): every command and every argument,
/// option and flag the binary knows is in it, under its command, and the committed page is what the
/// script makes now. (docs/api.md's routes are held to the server's in ServerTests.)
@Suite struct DocsTests {
    private let root = Fixtures.root.deletingLastPathComponent()

    /// The parser's own description of the commands: `manual --experimental-dump-help`.
    private func commands() throws -> [[String: Any]] {
        let dump = Child.run(ManualRunner.binary, ["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(object["command"] as? [String: Any])
        return [root] + (root["subcommands"] as? [[String: Any]] ?? [])
    }

    /// The page's sections by heading ("manual", "manual ingest", ...).
    private func sections(_ page: String) -> [String: String] {
        var found: [String: String] = [:]
        for part in page.components(separatedBy: "\n## ").dropFirst() {
            let heading = String(part.prefix { $0 != "\n" })
            found[heading] = part
        }
        return found
    }

    @Test func everyCommandAndEveryOptionIsInCLIReference() throws {
        let page = try String(contentsOf: root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let bySection = sections(page)
        var missing: [String] = []
        for (index, command) in try commands().enumerated() {
            let name = try #require(command["commandName"] as? String)
            let heading = index == 0 ? name : "manual \(name)"
            guard let section = bySection[heading] else { missing.append("section \(heading)"); continue }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                let spellings: [String]
                if argument["kind"] as? String == "positional" {
                    spellings = ["<\(argument["valueName"] as? String ?? "")>"]
                } else {
                    spellings = (argument["names"] as? [[String: Any]] ?? []).map { name in
                        (name["kind"] as? String == "long" ? "--" : "-") + (name["name"] as? String ?? "")
                    }
                }
                for spelling in spellings where !section.contains("`\(spelling)") {
                    missing.append("\(heading): \(spelling)")
                }
            }
        }
        #expect(missing.isEmpty, "not in docs/cli.md (run scripts/make-docs): \(missing)")
    }

    /// The version has one place (what `manual --version` prints); the README's install line names its package.
    @Test func theReadmeInstallsThePackageOfThisVersion() throws {
        let version = Child.run(ManualRunner.binary, ["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!version.isEmpty)
        #expect(readme.contains("apt install ./manual_\(version)_amd64.deb"), "the README's install line is not for \(version)")
    }

    @Test func theCommittedReferencePagesAreWhatTheScriptMakes() {
        let check = Child.run("/usr/bin/python3", [root.appendingPathComponent("scripts/lib/make_docs.py").path,
                                                   ManualRunner.binary, "--check"])
        #expect(check.exitCode == 0, "\(check.stderr)")
    }
}
