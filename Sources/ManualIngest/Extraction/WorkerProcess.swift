import CProcess
import Foundation
import ManualIndex

/// Workers that finished a document and wait for the next, so a batch does not start one per document.
// @unchecked Sendable: `idle` is read and written only while `lock` is held, and a worker taken out
// is used by the one driver thread that took it.
final class WorkerPool: @unchecked Sendable {
    static let shared = WorkerPool()
    /// Idle workers kept at most; more are ended.
    static let capacity = 4
    private let lock = NSLock()
    private var idle: [Worker] = []

    /// An idle worker for these settings, started at the calling thread's CPU priority: a worker an
    /// ingest started at `BatchPriority` never draws a page someone waits for, nor the reverse.
    func take(executable: String, memoryBytes: Int) -> Worker? {
        let nice = BatchPriority.currentThreadNice
        return lock.withLock {
            guard let index = idle.lastIndex(where: {
                $0.executable == executable && $0.memoryBytes == memoryBytes && $0.nice == nice
            }) else {
                return nil
            }
            return idle.remove(at: index)
        }
    }

    func put(_ worker: Worker) {
        let extra: Worker? = lock.withLock {
            idle.append(worker)
            return idle.count > WorkerPool.capacity ? idle.removeFirst() : nil
        }
        extra?.kill()
    }
}

/// One worker process and the pipes to it. It serves one request after another until its stdin closes.
// @unchecked Sendable: used by one thread at a time (the driver that made it or took it from the pool).
final class Worker: @unchecked Sendable {
    let pid: pid_t
    let executable: String
    let memoryBytes: Int
    /// The CPU nice value it was started with (that of the thread that started it).
    let nice: Int32
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var reaped = false

    init(executable: String, memoryBytes: Int, path: String) throws(IngestError) {
        // A worker that died leaves a pipe with no reader: writing to it must fail, not end this process.
        signal(SIGPIPE, SIG_IGN)
        var toWorker: [Int32] = [0, 0], fromWorker: [Int32] = [0, 0]
        guard manual_pipe_cloexec(&toWorker) == 0, manual_pipe_cloexec(&fromWorker) == 0 else {
            throw .unreadable(path: path, reason: "cannot start the PDF reader (\(String(cString: strerror(errno))))")
        }
        _ = manual_set_pipe_size(fromWorker[1], 1 << 20)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let arguments = [executable, "_extract"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Tesseract's OpenMP threads would compete with the page threads and other workers (and spin while
        // they wait): pages are the unit of parallelism, so OpenMP gets one thread unless the user says otherwise.
        var environment = ProcessInfo.processInfo.environment
        if environment["OMP_THREAD_LIMIT"] == nil { environment["OMP_THREAD_LIMIT"] = "1" }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(toWorker[0])
        close(fromWorker[1])
        guard status == 0 else {
            close(toWorker[1])
            close(fromWorker[0])
            throw .unreadable(path: path, reason: "cannot start the PDF reader \(executable) (\(String(cString: strerror(status))))")
        }
        self.pid = pid
        self.executable = executable
        self.memoryBytes = memoryBytes
        nice = BatchPriority.currentThreadNice
        input = toWorker[1]
        output = fromWorker[0]
    }

    deinit {
        kill()
        close(input)
        close(output)
    }

    /// Asks for a document; false when the worker is gone.
    func send(_ request: ExtractionRequest) -> Bool {
        send(.request, request.record())
    }

    /// Sends one request frame of any kind; false when the worker is gone.
    func send(_ kind: FrameKind, _ record: ScratchRecord) -> Bool {
        buffer.removeAll()
        return !reaped && FrameIO.write(kind, record, to: input)
    }

    func next(deadline: UInt64, stop: () -> Bool) -> FrameIO.ReadResult {
        FrameIO.read(from: output, buffer: &buffer, deadline: deadline, stop: stop)
    }

    /// The next frame other than `busy`, waiting until `deadline`; each `busy` frame (the worker is
    /// recognising a page) moves the deadline to `busyExtension` seconds from now, but not past `busyLimit`.
    func next(deadline: UInt64, stop: () -> Bool, busyExtension: Double, busyLimit: UInt64) -> FrameIO.ReadResult {
        var deadline = deadline
        while true {
            let result = FrameIO.read(from: output, buffer: &buffer, deadline: deadline, stop: stop)
            guard case .frame(let frame) = result, frame.kind == .busy else { return result }
            let extended = DispatchTime.now().uptimeNanoseconds + UInt64(max(0.05, busyExtension) * 1e9)
            deadline = max(deadline, min(extended, busyLimit))
        }
    }

    func kill() {
        guard !reaped else { return }
        Foundation.kill(pid, SIGKILL)
        _ = finish()
    }

    /// Waits for the worker to end; how it ended, in words ("crashed (SIGSEGV)").
    @discardableResult
    func finish() -> String {
        guard !reaped else { return "ended" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        let signal = status & 0x7f
        if signal != 0 {
            let name = Worker.signalNames[signal] ?? "signal \(signal)"
            return signal == SIGKILL ? "was killed (\(name); out of memory?)" : "crashed (\(name))"
        }
        return "exited with status \((status >> 8) & 0xff)"
    }

    private static let signalNames: [Int32: String] = [
        SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
        SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGTRAP: "SIGTRAP",
    ]
}
