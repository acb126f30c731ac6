import Foundation

/// Names the program that derived a kept value (`KeptValueStore`): work such as a follow-up check depends on
/// the code that did it, and another build of `manual` (an upgrade, a developer's next build) may judge the
/// same question otherwise. The running executable's file identity (device, inode, size, modification time)
/// with the version: any rebuilt or reinstalled binary is another program, so it never reads work an older
/// one kept. Read once per process.
enum ProgramIdentity {
    static let text: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return ManualKitInfo.version + ":unknown:\(getpid())" }
        return "\(ManualKitInfo.version):\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
