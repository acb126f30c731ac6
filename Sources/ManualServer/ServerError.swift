import Foundation

/// Why the server could not start or keep running; the CLI turns these into a line and an exit code.
public enum ServerError: Error, Sendable {
    /// Another program listens on the port (exit 42).
    case portInUse(host: String, port: Int)
    /// The address cannot be listened on: not this machine's, or not an address (exit 43).
    case cannotListen(host: String, port: Int, reason: String)
    /// The folder beside the library for uploads and cached pages cannot be made (exit 24).
    case filesFolder(path: String, reason: String)
}
