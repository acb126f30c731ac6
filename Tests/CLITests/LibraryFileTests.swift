import Foundation
import Testing
import TestSupport

/// Issue part 2: bad library files. A file that is not a library, a damaged one, one from a newer
/// `manual`, a read-only file or folder, a folder that cannot be created, and a full disk: each gets its
/// own message and exit code, nothing is written part-way, and the data already there stays intact.
/// Also: a new library is private to its owner (0600 file in a 0700 folder), whatever the umask.
@Suite struct LibraryFileTests {
    private let commands: [[String]] = [
        ["ingest", Fixtures.edge("owner-password-only.pdf")], ["list"], ["status"], ["query", "descale"],
        ["reindex", "--all"], ["show", "1"], ["history"], ["find", "kettle"], ["remove", "1"],
    ]

    /// Runs every command against `library` and expects `code` with one line naming the library, and no change.
    private func expectEveryCommand(_ library: String, code: Int32, mentioning words: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        let before = fileDigest(library)
        for command in commands {
            let result = Child.manual(command, library: library)
            #expect(result.signal == nil, "\(command): \(result)", sourceLocation: sourceLocation)
            #expect(result.exitCode == code, "\(command): \(result)", sourceLocation: sourceLocation)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(library) && result.stderr.contains(words), "\(command): \(result.stderr)",
                    sourceLocation: sourceLocation)
        }
        #expect(fileDigest(library) == before, "library file changed", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: library + "-wal"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: library + "-journal"), sourceLocation: sourceLocation)
    }

    @Test func notADatabase() {
        let folder = TemporaryFolder()
        var rng = SplitMix64(seed: 0x1B_0001)
        expectEveryCommand(folder.write("notes.sqlite", Data("my shopping list\n".utf8)), code: 20, mentioning: "not a manual library")
        expectEveryCommand(folder.write("noise.sqlite", Data(rng.bytes(8192))), code: 20, mentioning: "not a manual library")
        // The SQLite header, then noise.
        expectEveryCommand(folder.write("header.sqlite", Data("SQLite format 3\u{0}".utf8) + Data(rng.bytes(8192))),
                           code: 20, mentioning: "not a manual library")
    }

    @Test func anotherProgramsSQLiteDatabaseIsNeverTouched() throws {
        let folder = TemporaryFolder()
        let path = folder.path("places.sqlite")
        try SQLiteFile.execute(path, "CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO bookmarks (url) VALUES ('https://example.org')")
        expectEveryCommand(path, code: 20, mentioning: "not a manual library")
        // Not switched to WAL, no tables added.
        #expect(try LibraryAudit.rows(path, "PRAGMA journal_mode") == [["delete"]])
        #expect(try LibraryAudit.rows(path, "SELECT name FROM sqlite_master") == [["bookmarks"]])
    }

    @Test func truncatedDatabase() throws {
        let seeded = SeededLibrary([Fixtures.edge("small.pdf"), Fixtures.edge("partial-scan.pdf")])
        let whole = try Data(contentsOf: URL(fileURLWithPath: seeded.path))
        let folder = TemporaryFolder()
        for size in [100, 1000, 4096, whole.count / 2, whole.count - 4096] {
            let path = folder.write("cut-at-\(size).sqlite", whole.prefix(size))
            expectEveryCommand(path, code: 20, mentioning: "damaged")
        }
    }

    @Test func newerSchema() throws {
        let library = SeededLibrary()
        try SQLiteFile.execute(library.path, "PRAGMA user_version = 999")
        let before = library.snapshot
        expectEveryCommand(library.path, code: 21, mentioning: "newer")
        #expect(library.snapshot == before)
    }

    @Test func libraryPathThatIsAFolder() {
        let folder = TemporaryFolder()
        let result = Child.manual(["list"], library: folder.url.path)
        #expect(result.exitCode == 20, "\(result)")
    }

    @Test func libraryFolderThatCannotBeCreated() {
        let folder = TemporaryFolder()
        let file = folder.write("a-file", Data("x".utf8))
        // The parent "folder" is a regular file.
        let under = Child.manual(["ingest", Fixtures.edge("small.pdf")], library: file + "/manual/library.sqlite")
        #expect(under.exitCode == 24, "\(under)")
        #expect(under.stderr.contains("cannot be created"))
        #expect(try! Data(contentsOf: URL(fileURLWithPath: file)) == Data("x".utf8))
    }

    @Test func libraryFolderThatCannotBeCreatedForAnUnprivilegedUser() {
        // As root every folder is writable, so this runs as `nobody` under a root-owned 0755 folder.
        guard runningAsRoot else {
            let folder = TemporaryFolder()
            chmod(folder.url.path, 0o555)
            defer { chmod(folder.url.path, 0o755) }
            let result = Child.manual(["ingest", Fixtures.edge("small.pdf")], library: folder.path("sub/library.sqlite"))
            #expect(result.exitCode == 24, "\(result)")
            return
        }
        let folder = TemporaryFolder()
        chmod(folder.url.path, 0o755)
        let result = runManualAsNobody(["ingest", Fixtures.edge("small.pdf")], library: folder.path("sub/library.sqlite"))
        #expect(result.exitCode == 24, "\(result)")
        #expect(result.stderr.contains("cannot be created"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("sub")))
    }

    /// A seeded library owned by `nobody` (when root) in `folder`, then made read-only as asked.
    private func readOnlyLibrary(fileMode: mode_t, folderMode: mode_t) -> (SeededLibrary, LibrarySnapshot) {
        let library = SeededLibrary()
        let before = library.snapshot
        if runningAsRoot {
            chown(library.folder.url.path, 65534, 65534)
            chown(library.path, 65534, 65534)
        }
        chmod(library.path, fileMode)
        chmod(library.folder.url.path, folderMode)
        return (library, before)
    }

    private func expectAnsweredButNotRecorded(_ result: ChildResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.contains("p. 2"), "\(result.stdout)", sourceLocation: sourceLocation)
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("not recorded in the history") }
        #expect(notes.count == 1 && notes[0].contains("read-only"), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    private func run(_ arguments: [String], _ library: SeededLibrary) -> ChildResult {
        runningAsRoot ? runManualAsNobody(arguments, library: library.path) : library.manual(arguments)
    }

    @Test func readOnlyLibraryFile() {
        // Root ignores file modes, so under root the commands run as `nobody`, who owns the 0400 file.
        let (library, before) = readOnlyLibrary(fileMode: 0o400, folderMode: 0o755)
        defer { chmod(library.path, 0o600); chmod(library.folder.url.path, 0o755) }
        // The checkout may sit in a folder `nobody` cannot enter: give it a copy it can read.
        let readable = TemporaryFolder()
        chmod(readable.url.path, 0o755)
        let manual = readable.copy(Fixtures.sampleManual, as: "sample-manual.pdf")
        chmod(manual, 0o644)
        for command in [["ingest", manual], ["remove", "1"], ["reindex", "--all"]] {
            let result = run(command, library)
            #expect(result.exitCode == 22, "\(command): \(result)")
            #expect(result.stderr.contains("read-only"), "\(command): \(result.stderr)")
        }
        // Reading still works; a question is answered, and not recording it is said once on stderr.
        #expect(run(["list"], library).exitCode == 0)
        expectAnsweredButNotRecorded(run(["query", "descale"], library))
        let json = run(["query", "--json", "descale"], library)
        expectAnsweredButNotRecorded(json)
        #expect(json.stdout.hasPrefix("{") && json.stdout.contains("\"queryID\" : null"), "\(json.stdout)")
        let answer = run(["query", "descale", "--no-history"], library)
        #expect(answer.exitCode == 0, "\(answer)")
        #expect(answer.stdout.contains("[p. 2]"))
        chmod(library.path, 0o600)
        #expect(library.snapshot.counts == before.counts)
        #expect(library.snapshot.integrity == "ok")
    }

    @Test func readOnlyLibraryFolder() {
        // SQLite's WAL cannot create its -wal and -shm files in a read-only folder: the library is then
        // read straight from its file, and every write is refused as read-only.
        let (library, before) = readOnlyLibrary(fileMode: 0o600, folderMode: 0o555)
        defer { chmod(library.folder.url.path, 0o755) }
        // The checkout may sit in a folder `nobody` cannot enter: give it a copy it can read.
        let readable = TemporaryFolder()
        chmod(readable.url.path, 0o755)
        let manual = readable.copy(Fixtures.sampleManual, as: "sample-manual.pdf")
        chmod(manual, 0o644)
        for command in [["ingest", manual], ["remove", "1"]] {
            let result = run(command, library)
            #expect(result.exitCode == 22, "\(command): \(result)")
            #expect(result.stderr.contains("read-only"), "\(command): \(result.stderr)")
        }
        #expect(run(["list"], library).exitCode == 0)
        expectAnsweredButNotRecorded(run(["query", "descale"], library))
        #expect(run(["query", "descale", "--no-history"], library).stdout.contains("[p. 2]"))
        chmod(library.folder.url.path, 0o755)
        #expect(library.snapshot == before)
    }

    // MARK: Full disk

    /// Mounts a tmpfs of `kilobytes` at `path` (root with CAP_SYS_ADMIN only); false when that is not possible.
    private func mountTmpfs(_ path: String, kilobytes: Int) -> Bool {
        guard runningAsRoot else { return false }
        return Child.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path]).exitCode == 0
    }

    private func unmount(_ path: String) {
        _ = Child.run("/bin/umount", ["-l", path])
    }

    /// What a full disk must leave: exit 23, one clear line, the earlier documents intact, and room again
    /// means the same ingest works.
    private func expectDiskFull(_ result: ChildResult, library: String, before: LibrarySnapshot,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.signal == nil, "\(result)", sourceLocation: sourceLocation)
        #expect(result.exitCode == 23, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("disk full") && result.stderr.contains(library), "\(result.stderr)",
                sourceLocation: sourceLocation)
        let after = LibrarySnapshot(library)
        #expect(after.counts == before.counts, "\(after)", sourceLocation: sourceLocation)
        #expect(after.integrity == "ok", sourceLocation: sourceLocation)
        #expect(LibraryAudit.problems(library).isEmpty, sourceLocation: sourceLocation)
    }

    @Test func fullDiskOnASmallTmpfsWhenMountable() throws {
        let mountPoint = TemporaryFolder()
        guard mountTmpfs(mountPoint.url.path, kilobytes: 400) else {
            // The file-size-limit test below covers the same path without a mount.
            print("LibraryFileTests: tmpfs cannot be mounted here (not root or no CAP_SYS_ADMIN); fullDiskUnderAFileSizeLimit covers it")
            return
        }
        defer { unmount(mountPoint.url.path) }
        let library = mountPoint.path("library.sqlite")
        #expect(Child.manual(["ingest", "-q", Fixtures.edge("small.pdf")], library: library).exitCode == 0)
        let before = LibrarySnapshot(library)
        let result = Child.manual(["ingest", Fixtures.sampleManual], library: library)
        expectDiskFull(result, library: library, before: before)
        // Everything already there still answers.
        let answer = Child.manual(["query", "descale", "--no-history"], library: library)
        #expect(answer.exitCode == 0 && answer.stdout.contains("[p. 2]"), "\(answer)")
        // With room again (a copy elsewhere), the same ingest succeeds.
        let roomy = TemporaryFolder()
        let copy = roomy.copy(library, as: "library.sqlite")
        #expect(Child.manual(["ingest", Fixtures.sampleManual], library: copy).exitCode == 0)
        #expect(LibraryAudit.problems(copy).isEmpty)

        // A new library on a disk too small even for its schema.
        let tiny = TemporaryFolder()
        guard mountTmpfs(tiny.url.path, kilobytes: 8) else { return }
        defer { unmount(tiny.url.path) }
        let fresh = Child.manual(["ingest", Fixtures.edge("small.pdf")], library: tiny.path("library.sqlite"))
        #expect(fresh.exitCode == 23, "\(fresh)")
        #expect(fresh.stderr.contains("disk full"))
    }

    @Test func fullDiskUnderAFileSizeLimit() throws {
        // RLIMIT_FSIZE makes write(2) fail with EFBIG past the limit, as a full disk fails with ENOSPC.
        // SIGXFSZ is ignored first, as a full disk sends no signal.
        let library = SeededLibrary()
        let before = library.snapshot
        let size = try FileManager.default.attributesOfItem(atPath: library.path)[.size] as? Int ?? 0
        let limitKB = size / 1024 + 48
        let script = "trap '' XFSZ; ulimit -f \(limitKB); exec \"$0\" \"$@\""
        let result = Child.run("/bin/bash", ["-c", script, ManualRunner.binary, "ingest", Fixtures.sampleManual],
                               environment: ["MANUAL_DB": library.path])
        expectDiskFull(result, library: library.path, before: before)
        // Without the limit the same ingest succeeds.
        #expect(library.manual(["ingest", Fixtures.sampleManual]).exitCode == 0)
        #expect(LibraryAudit.problems(library.path).isEmpty)

        // No file may grow at all: reading still works, a question is answered and says it was not recorded.
        // (Output and errors go through a pipe, which no file-size limit applies to.)
        let noRoom = "set -o pipefail; (trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\") 2>&1 | cat"
        let asked = Child.run("/bin/bash", ["-c", noRoom, ManualRunner.binary, "query", "descale"],
                              environment: ["MANUAL_DB": library.path])
        #expect(asked.exitCode == 0 && asked.stdout.contains("p. 2"), "\(asked)")
        #expect(asked.stdout.contains("not recorded in the history") && asked.stdout.contains("disk full"), "\(asked.stdout)")
        for command in [["list"], ["status"], ["show", "1"], ["find", "descale"]] {
            let read = Child.run("/bin/bash", ["-c", noRoom, ManualRunner.binary] + command, environment: ["MANUAL_DB": library.path])
            #expect(read.exitCode == 0, "\(command): \(read)")
        }
    }

    @Test func aTemporaryFolderWithoutRoomFailsTheIngestAndLeavesTheLibraryAsItWas() throws {
        // Two hundred dense pages: their text passes the megabyte a scratch file keeps in memory,
        // so the ingest needs $TMPDIR, here a folder that does not exist.
        let lines = (1...40).map { "Line \($0): check the pump, the filter and the valve; replace worn seals before the season." }
        let pdf = MiniPDF(pages: (1...200).map { _ in MiniPDF.Page(lines: lines) }).data()
        let library = SeededLibrary()
        let before = library.snapshot
        let file = library.folder.write("dense.pdf", pdf)
        let result = library.manual(["ingest", file], environment: ["TMPDIR": library.folder.path("no-such-folder")])
        #expect(result.exitCode == 27, "\(result)")
        #expect(result.stderr.contains(file) && result.stderr.contains("temporary"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        let after = library.snapshot
        #expect(after.counts == before.counts, "\(after)")
        // With a usable temporary folder the same ingest goes through.
        #expect(library.manual(["ingest", "-q", file]).exitCode == 0)
        #expect(LibraryAudit.problems(library.path).isEmpty)
    }

    // MARK: Permissions of a new library

    @Test func newLibraryIsPrivateWhateverTheUmask() throws {
        let folder = TemporaryFolder()
        for umask in ["000", "022", "077"] {
            let library = folder.path("umask-\(umask)/a/b/library.sqlite")
            let script = "umask \(umask); exec \"$0\" \"$@\""
            let result = Child.run("/bin/bash", ["-c", script, ManualRunner.binary, "ingest", "-q", Fixtures.edge("small.pdf")],
                                   environment: ["MANUAL_DB": library])
            #expect(result.exitCode == 0, "\(result)")
            #expect(permissions(library) == 0o600, "umask \(umask): file \(String(permissions(library), radix: 8))")
            for sub in ["umask-\(umask)", "umask-\(umask)/a", "umask-\(umask)/a/b"] {
                #expect(permissions(folder.path(sub)) == 0o700, "umask \(umask): \(sub) \(String(permissions(folder.path(sub)), radix: 8))")
            }
            // The files SQLite and the vector index add beside it are private too.
            _ = Child.run("/bin/bash", ["-c", script, ManualRunner.binary, "query", "descale"], environment: ["MANUAL_DB": library])
            let siblings = try FileManager.default.contentsOfDirectory(atPath: (library as NSString).deletingLastPathComponent)
            for sibling in siblings {
                let path = ((library as NSString).deletingLastPathComponent as NSString).appendingPathComponent(sibling)
                #expect(permissions(path) & 0o077 == 0, "umask \(umask): \(sibling) is \(String(permissions(path), radix: 8))")
            }
        }
    }

    @Test func anExistingFolderKeepsItsPermissions() {
        let folder = TemporaryFolder()
        chmod(folder.url.path, 0o755)
        let library = folder.path("library.sqlite")
        #expect(Child.manual(["ingest", "-q", Fixtures.edge("small.pdf")], library: library).exitCode == 0)
        #expect(permissions(folder.url.path) == 0o755)
        #expect(permissions(library) == 0o600)
    }
}
