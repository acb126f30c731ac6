import ArgumentParser
import ManualKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a library for damage and work to do; --repair makes the safe repairs.",
        discussion: """
            Checks SQLite's integrity, the full-text index against the chunks, every chunk's vector, rows \
            whose document is gone, the vector file, the history, each document's pipeline version and \
            source file. Prints what is wrong and the command that fixes it. Exit 0 when nothing is \
            damaged (notices such as stale documents allowed), 40 when something is.

            Examples:
              manual check
              manual check --repair
            """
    )

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Rebuild the full-text index or vector file, re-embed chunks, drop orphan rows, as needed.")
    var repair = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try library.open()
        let checker = LibraryChecker(store: store)
        var findings = try checker.findings()
        var repaired: [CheckFinding] = []
        if repair, findings.contains(where: \.repairable) {
            let after = try checker.repair(findings)
            repaired = findings.filter { found in found.repairable && !after.contains(found) }
            findings = after
        }
        let problems = findings.filter { $0.severity == .problem }
        if json {
            Console.out(Console.json(CheckOutput(library: store.path, ok: problems.isEmpty, findings: findings,
                                                 repaired: repaired)))
        } else {
            for done in repaired { Console.out("repaired: \(done.message)") }
            for found in findings {
                Console.out("\(found.severity == .problem ? "problem" : "notice"): \(found.message)  -> \(found.fix)")
            }
            if findings.isEmpty { Console.out("ok: \(store.path) has nothing wrong") }
        }
        if !problems.isEmpty { throw ExitCode(CheckCommand.problemsFound) }
    }

    /// The exit code when the library is damaged (after --repair: still damaged).
    static let problemsFound: Int32 = 40
}

private struct CheckOutput: Encodable {
    var library: String
    var ok: Bool
    var findings: [CheckFinding]
    var repaired: [CheckFinding]
}
