import Foundation
import Testing
import ManualKit
import TestSupport

/// `MANUAL_ANSWER_WEIGHTS` and `MANUAL_FUSION_WEIGHTS` swap the fitted parameters for one process (the
/// fitting scripts score held-out manuals that way). A file that cannot be used is refused before any
/// question: one line naming the file and the variable, exit 64, and no answer from the compiled-in values.
@Suite struct FittedParametersTests {
    @Test(arguments: ["MANUAL_ANSWER_WEIGHTS", "MANUAL_FUSION_WEIGHTS"])
    func unusableFileIsRefused(variable: String) throws {
        let folder = TemporaryFolder()
        let bad = folder.path("weights.json")
        try Data("{\"sentence\": 3}".utf8).write(to: URL(fileURLWithPath: bad))
        for file in [bad, folder.path("missing.json")] {
            var runner = ManualRunner(library: folder.path("library.sqlite"))
            runner.environment = [variable: file]
            let result = runner.run("query", "How do I reset the filter?", "--no-history")
            #expect(result.status == 64, "stderr: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains(file) && result.stderr.contains(variable), "stderr: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// The compiled-in parameters written back as a file answer exactly as the build does: the override
    /// replaces them whole, and the file format is the resource's.
    @Test func compiledParametersAsAFileAnswerTheSame() throws {
        let folder = TemporaryFolder()
        var runner = ManualRunner(library: folder.path("library.sqlite"))
        #expect(runner.run("ingest", "--quiet", Fixtures.sampleManual).status == 0)
        let question = "How often should the oil be changed?"
        let plain = runner.run("query", question, "--json", "--no-history")
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let encoder = JSONEncoder()
        try encoder.encode(AnswerWeights.fitted).write(to: URL(fileURLWithPath: folder.path("answer.json")))
        try encoder.encode(FusionWeights.current).write(to: URL(fileURLWithPath: folder.path("fusion.json")))
        runner.environment = ["MANUAL_ANSWER_WEIGHTS": folder.path("answer.json"), "MANUAL_FUSION_WEIGHTS": folder.path("fusion.json")]
        let swapped = runner.run("query", question, "--json", "--no-history")
        #expect(swapped.status == 0, "stderr: \(swapped.stderr)")
        #expect(swapped.stdout == plain.stdout)
    }
}
