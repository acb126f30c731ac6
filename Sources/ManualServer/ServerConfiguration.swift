import Foundation
import ManualKit

/// How `manual serve` runs: where, on which library, and what it allows.
public struct ServerConfiguration: Sendable {
    public var libraryPath: String
    public var host: String
    /// 0 asks the system for a free port (the tests do); the URL printed at start names the real one.
    public var port: Int
    /// Required for any address other than loopback; then every request must carry it.
    public var token: String?
    /// No uploads, no deletes.
    public var readOnly: Bool
    /// Largest upload accepted, in bytes.
    public var uploadLimit: Int
    /// Extraction budgets and where poppler runs (the CLI passes worker processes of itself).
    public var pipeline: PipelineSettings
    /// Read connections: questions answered at once.
    public var readers: Int
    /// Pages drawn at once (each in a worker process).
    public var renderers: Int
    /// Disk space the page-image cache may take, in bytes.
    public var pageCacheBytes: Int
    /// Host names requests may carry besides loopback names and `host` (`--allowed-host`): a name this
    /// machine is reached by, such as a reverse proxy's. Any other `Host` is refused (DNS rebinding).
    public var allowedHosts: [String]
    /// Other origins whose pages may call the API and read its answers (`--allow-origin`); none by default.
    public var allowedOrigins: [String]
    /// Uploads (and removals) run at `BatchPriority` on the writer's thread, below the questions.
    public var lowersUploadPriority: Bool

    public static let defaultUploadLimit = 200 << 20

    public init(libraryPath: String, host: String = "127.0.0.1", port: Int = 8080, token: String? = nil,
                readOnly: Bool = false, uploadLimit: Int = ServerConfiguration.defaultUploadLimit,
                pipeline: PipelineSettings = PipelineSettings(), readers: Int = 4, renderers: Int = 2,
                pageCacheBytes: Int = 256 << 20, allowedHosts: [String] = [], allowedOrigins: [String] = [],
                lowersUploadPriority: Bool = true) {
        self.libraryPath = libraryPath
        self.host = host
        self.port = port
        self.token = token
        self.readOnly = readOnly
        self.uploadLimit = uploadLimit
        self.pipeline = pipeline
        self.readers = readers
        self.renderers = renderers
        self.pageCacheBytes = pageCacheBytes
        self.allowedHosts = allowedHosts
        self.allowedOrigins = allowedOrigins
        self.lowersUploadPriority = lowersUploadPriority
    }

    /// Loopback addresses only this machine can reach: no token needed there. The same names the
    /// server's Host check always admits (`HostAllowList.isLoopbackName`).
    public static func isLoopback(_ host: String) -> Bool {
        HostAllowList.isLoopbackName(HostAllowList.normalised(host))
    }

    /// Whether `text` is an origin (`http(s)://host[:port]`), as `allowedOrigins` takes.
    public static func isOrigin(_ text: String) -> Bool { AllowedOrigins.isOrigin(text) }

    /// Where the server keeps what it owns beside the library: uploaded PDFs and the page-image cache
    /// (`Stores.filesFolder(for:)`).
    public var filesFolder: String { Stores.filesFolder(for: libraryPath) }
}
