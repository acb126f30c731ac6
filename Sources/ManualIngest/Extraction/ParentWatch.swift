import Foundation

/// Ends a worker soon after the process that started it has gone, whatever ended that process (a
/// SIGKILL leaves no chance to close pipes politely, and a worker busy recognising a page does not read
/// its stdin to notice).
///
/// Not `PR_SET_PDEATHSIG`: the kernel sends that signal when the *thread* that started the worker ends.
/// Workers are pooled and outlive the thread of the document they were started for, so the signal
/// killed healthy workers in the middle of a page (seen as "page 2: the PDF reader was killed" during
/// concurrent ingests).
enum ParentWatch {
    /// How often the parent is looked for; a worker outlives its parent by at most this long.
    static let interval: TimeInterval = 0.2

    /// Starts a thread that exits this process once it has been handed to another parent (init or a
    /// subreaper), which is what happens when the parent process ends.
    static func start() {
        let parent = getppid()
        Thread {
            while true {
                Thread.sleep(forTimeInterval: interval)
                if getppid() != parent { _exit(0) }
            }
        }.start()
    }
}
