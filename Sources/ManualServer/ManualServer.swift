import Foundation
import Hummingbird
import Logging
import ManualKit
import NIOCore

/// `manual serve`: the library in a browser and as a JSON API, over the same ManualKit code the CLI
/// uses. Questions are answered on a pool of read connections; uploads and removals go through one
/// writer; PDFs are read and drawn only by worker processes.
public struct ManualServer: Sendable {
    public let configuration: ServerConfiguration
    private let served: ServedLibrary

    /// Opens the library (creating it when missing) and prepares the folder beside it; errors are
    /// ManualKit's (`StoreError`) or `ServerError`.
    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        served = try ServedLibrary(configuration)
    }

    /// Every route, API first; the API's part is what docs/openapi.json documents.
    static func routes(_ served: ServedLibrary) -> [(route: Route, handler: Handler)] {
        APIRoutes.routes(served) + WebRoutes.routes(served)
    }

    /// Method and path of every API route ("GET /api/query"), for the test that holds the OpenAPI file to them.
    public var apiRoutes: [String] { APIRoutes.routes(served).map { $0.route.description } }

    /// Serves until SIGINT or SIGTERM, then stops taking connections and lets requests in flight finish
    /// (an upload being ingested is committed whole or not at all). `onReady` gets the URL once listening.
    public func run(onReady: @escaping @Sendable (String) -> Void) async throws {
        let defences = RequestGuard(hosts: HostAllowList(listeningOn: configuration.host, allowed: configuration.allowedHosts),
                                    origins: AllowedOrigins(configuration.allowedOrigins), forms: FormTokens())
        let dispatcher = Dispatcher(routes: ManualServer.routes(served), token: configuration.token.map(AccessToken.init),
                                    defences: defences)
        var logger = Logger(label: "manual.serve")
        logger.logLevel = .critical
        let host = configuration.host
        let app = Application(
            responder: dispatcher,
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "manual"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                onReady("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServerError.portInUse(host: host, port: configuration.port)
        } catch let error as IOError {
            throw ServerError.cannotListen(host: host, port: configuration.port, reason: String(cString: strerror(error.errnoCode)))
        } catch let error as SocketAddressError {
            throw ServerError.cannotListen(host: host, port: configuration.port, reason: "\(error)")
        }
    }
}
