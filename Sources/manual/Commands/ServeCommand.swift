import ArgumentParser
import Foundation
import ManualKit
import ManualServer

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library in a browser and as a JSON API (ask, read the cited page, manage manuals).",
        discussion: """
            Listens on 127.0.0.1:8080 by default, reachable from this machine only. Any other address \
            needs --token (or $MANUAL_TOKEN): every request must then carry it (Authorization: Bearer \
            TOKEN, or the login page's cookie). Ctrl-C or SIGTERM stop it after the requests in flight. \
            The API is described in docs/openapi.json.
            Other websites cannot use it: a request naming a host other than this machine's loopback \
            names, --host and --allowed-host is refused (421), and so is any change (upload, removal, \
            rating, login) that another origin's page makes (403); the web forms carry a token bound to \
            the browser. No other origin may read the API unless allowed with --allow-origin.
            Examples:
              manual serve
              manual serve --port 9000 --read-only
              MANUAL_TOKEN=s3cret manual serve --host 0.0.0.0
              manual serve --allowed-host manuals.example.org
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(help: ArgumentHelp("Access token required of every request (default: $MANUAL_TOKEN); needed off loopback.",
                               valueName: "token"))
    var token: String?

    @Option(name: .customLong("allowed-host"),
            help: ArgumentHelp("Also answer requests for this host name (repeatable), e.g. a reverse proxy's name.", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(name: .customLong("allow-origin"),
            help: ArgumentHelp("Let pages of this origin call the API and read it (repeatable), e.g. http://localhost:3000.",
                               valueName: "origin"))
    var allowedOrigins: [String] = []

    @Flag(name: .customLong("read-only"), help: "Refuse uploads and removals.")
    var readOnly = false

    @Option(name: .customLong("upload-limit"), help: ArgumentHelp("Largest upload accepted, e.g. 200M.", valueName: "size"))
    var uploadLimit = "200M"

    @OptionGroup var extraction: ExtractionOptions

    @Flag(name: .customLong("normal-priority"),
          help: "Ingest uploads at normal CPU and disk priority (default: nice 10 and the lowest best-effort I/O level, as updatedb runs, so questions asked meanwhile stay quick).")
    var normalPriority = false

    private var resolvedToken: String? {
        let value = token ?? ProcessInfo.processInfo.environment["MANUAL_TOKEN"]
        return value?.isEmpty == false ? value : nil
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if !ServerConfiguration.isLoopback(host) && resolvedToken == nil {
            throw ValidationError("Listening on \(host) makes the library reachable from other machines: give --token (or set MANUAL_TOKEN).")
        }
        if let resolvedToken, resolvedToken.count < 8 { throw ValidationError("The token must be at least 8 characters.") }
        for name in allowedHosts where name.isEmpty || name.contains("/") || name.contains(" ") {
            throw ValidationError("--allowed-host takes a host name or address such as manuals.example.org, not '\(name)'.")
        }
        for origin in allowedOrigins where !ServerConfiguration.isOrigin(origin) {
            throw ValidationError("--allow-origin takes an origin such as http://localhost:3000 (scheme, host, port), not '\(origin)'.")
        }
        guard let bytes = ExtractionOptions.bytes(uploadLimit), bytes >= 1 << 20 else {
            throw ValidationError("--upload-limit must be a size such as 200M, at least 1M.")
        }
    }

    func run() throws {
        var pipeline = extraction.pipeline
        // A server stops on its own signal handling (graceful shutdown), not on the CLI's Ctrl-C flag.
        pipeline.extraction.shouldStop = { false }
        let configuration = ServerConfiguration(
            libraryPath: library.path, host: host, port: port, token: resolvedToken, readOnly: readOnly,
            uploadLimit: ExtractionOptions.bytes(uploadLimit) ?? ServerConfiguration.defaultUploadLimit, pipeline: pipeline,
            allowedHosts: allowedHosts, allowedOrigins: allowedOrigins, lowersUploadPriority: !normalPriority)
        let server = try ManualServer(configuration: configuration)
        let path = library.path
        let outcome = Locked<Result<Void, Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await server.run { url in
                    Console.out("manual: serving \(path) on \(url)")
                }
                outcome.withLock { $0 = .success(()) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            finished.signal()
        }
        finished.wait()
        if case .failure(let error) = outcome.withLock({ $0 }) {
            throw ServeCommand.failure(error)
        }
    }

    /// The server's own failures; the library's go through `Failure` as for every command.
    static func failure(_ error: Error) -> Error {
        guard let error = error as? ServerError else { return error }
        switch error {
        case .portInUse(let host, let port):
            return Failure(message: "\(host):\(port): the port is in use by another program; choose another with --port", code: 42)
        case .cannotListen(let host, let port, let reason):
            return Failure(message: "\(host):\(port): cannot listen there (\(reason))", code: 43)
        case .filesFolder(let path, let reason):
            return Failure(message: "\(path): cannot make the folder for uploads and page images (\(reason))", code: 24)
        }
    }
}
