// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "manual",
    products: [
        .executable(name: "manual", targets: ["manual"]),
        .library(name: "ManualKit", targets: ["ManualKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP server of `manual serve` (README: "Why Hummingbird").
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // Hummingbird's own header types (a dependency of it), named for the Server-Timing header.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // Poppler's GLib binding is not linked (CDeferredLibraries loads it on first use), so its pkg-config
        // file, which would link it, is not used: cairo's gives the include paths (GLib's among them), and
        // the header is included as <poppler/glib/poppler.h>.
        .systemLibrary(
            name: "CPoppler",
            pkgConfig: "cairo",
            providers: [.apt(["libpoppler-glib-dev"])]
        ),
        // Tesseract 5's C API, for the pages of scanned manuals (OCR runs in the extraction workers only).
        // Not linked either (CDeferredLibraries); its C API header needs no include path of its own.
        .systemLibrary(
            name: "CTesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The static embedding table, linked into the binary (see Sources/ManualKit/Embedding/EmbeddingTable.swift).
        .target(
            name: "CEmbeddingTable",
            exclude: ["data"],
            cSettings: [.headerSearchPath(".")]  // where the assembler finds data/embeddings.bin for .incbin
        ),
        // Two Linux calls Swift cannot make directly (variadic prctl and fcntl), for the extraction workers.
        .target(name: "CProcess"),
        // Poppler's GLib binding and Tesseract, opened on their first call instead of at start: loading them
        // and their ~80 dependencies was 19 ms of every `manual query` (deferred_libraries.c).
        .target(name: "CDeferredLibraries", dependencies: ["CPoppler", "CTesseract"]),
        .target(
            name: "ManualKit",
            dependencies: ["CPoppler", "CTesseract", "CSQLite", "CEmbeddingTable", "CProcess", "CDeferredLibraries"]
        ),
        // `manual serve`: routes, views and static assets over ManualKit. ManualKit never depends on it.
        .target(
            name: "ManualServer",
            dependencies: [
                "ManualKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "manual",
            dependencies: [
                "ManualKit",
                "ManualServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["ManualKit", "CSQLite"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "ManualKitTests",
            dependencies: ["ManualKit", "TestSupport"]
        ),
        .testTarget(
            name: "ServerTests",
            // Starts the real `manual serve` binary and talks HTTP to it.
            dependencies: ["ManualKit", "ManualServer", "TestSupport", "manual"]
        ),
        .testTarget(
            name: "CLITests",
            // Depending on the executable makes `swift test` build the `manual` binary the tests run.
            dependencies: ["ManualKit", "TestSupport", "manual"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
