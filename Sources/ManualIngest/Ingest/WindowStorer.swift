import Foundation
import ManualIndex

/// Stores a document's windows (`DocumentAssembler.add`: analysis, vectors, scratch files) on a
/// thread of its own, while the next window is cleaned and chunked.
///
/// Why: a window's cleanup and chunking need the window before it, but storing a window needs
/// nothing of the next. A window handed over (`hold`) waits until the next window's pages have all
/// been read (`storeHeld`): while they are being extracted, the extraction worker has the cores to
/// itself. Once the last page is in, the last window's cleanup and chunking run on one core and the
/// window before it is stored on the other, instead of everything after the last page running one
/// step after another (issue 51: the ingest's tail after the last extracted page).
///
/// Contract: windows are stored in the order given, each whole, by one thread, so what is stored
/// never depends on timing. At most one window is held back. The first error stops storing; `hold`
/// or `finish` throws it. `finish` must be called, also when the caller gives up, to end the thread.
// @unchecked Sendable: `held`, `release`, `closed`, `done` and `error` are read and written only while
// `condition` is locked; `assembler` only by the storing thread until it sets `done`, then by `finish`'s caller.
final class WindowStorer: @unchecked Sendable {
    private let condition = NSCondition()
    private var assembler: DocumentAssembler
    private var held: (pages: [Page], text: TextPipelineResult)?
    /// The held window may be stored.
    private var release = false
    private var closed = false
    private var done = false
    private var error: IngestError?

    /// Starts the storing thread for `assembler`'s document.
    init(_ assembler: DocumentAssembler) {
        self.assembler = assembler
        Thread { [self] in run() }.start()
    }

    /// Hands over one window's pages and text, held until `storeHeld` or `finish`. A window still held
    /// from before is released first, and this waits until the storing thread has taken it up.
    func hold(pages: [Page], text: TextPipelineResult) throws(IngestError) {
        condition.lock()
        defer { condition.unlock() }
        release = true
        condition.broadcast()
        while held != nil && error == nil && !done { condition.wait() }
        if let error { throw error }
        held = (pages, text)
        release = false
    }

    /// Lets the storing thread store the window held back, if any: the next window's pages are read.
    func storeHeld() {
        condition.withLock {
            release = true
            condition.broadcast()
        }
    }

    /// Stores what is held, waits until every window handed over is stored, and returns the assembler
    /// that holds them. Later calls return the same.
    func finish() throws(IngestError) -> DocumentAssembler {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        if let error { throw error }
        return assembler
    }

    private func run() {
        while let window = next() {
            var failure: IngestError?
            do {
                try assembler.add(pages: window.pages, text: window.text)
            } catch {
                failure = error
            }
            guard let failure else { continue }
            condition.withLock { error = failure }
            break
        }
        condition.withLock {
            done = true
            condition.broadcast()
        }
    }

    /// The next window to store, once released; nil once `finish` is called and none is held.
    private func next() -> (pages: [Page], text: TextPipelineResult)? {
        condition.lock()
        defer { condition.unlock() }
        while !(held != nil && (release || closed)) && !(held == nil && closed) { condition.wait() }
        let window = held
        held = nil
        condition.broadcast()
        return window
    }
}
