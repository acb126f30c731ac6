import Foundation
import ManualKit

/// The one connection that adds and removes documents. Uploads and deletes run one after another on
/// its serial queue; each document is written in one transaction, so readers see it whole or not at
/// all. (A question's history line is written by the reader that answered it: SQLite serialises
/// those short writes itself.)
final class Writer: Sendable {
    private let queue = DispatchQueue(label: "manual.serve.writer")
    private let library: UncheckedLibrary

    init(path: String, pipeline: PipelineSettings) throws {
        library = UncheckedLibrary(try ManualLibrary(path: path, pipeline: pipeline, creating: false))
    }

    /// Runs `body` on the writer's queue, after every write asked for before it.
    func write<T: Sendable>(_ body: @escaping @Sendable (ManualLibrary) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [library] in
                continuation.resume(with: Result { try body(library.library) })
            }
        }
    }
}

/// The writer's connection, used only on the writer's serial queue.
// @unchecked Sendable: `Writer` touches it only from its serial queue, one write after another.
struct UncheckedLibrary: @unchecked Sendable {
    let library: ManualLibrary
    init(_ library: ManualLibrary) { self.library = library }
}
