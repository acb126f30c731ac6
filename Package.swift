// swift-tools-version:6.0
import PackageDescription

/// The folders of the GLib and cairo headers that poppler-glib's header includes, where Debian puts them
/// (`pkg-config --cflags-only-I poppler-glib`). Given as flags rather than as the system library's
/// `pkgConfig`, because SwiftPM would also link what pkg-config names: cairo and its ~20 libraries
/// (X11, fontconfig, freetype, pixman, ...), loaded at every start of a `manual query` that calls none
/// of them (CDeferredLibraries loads GLib, cairo and poppler-glib on first use).
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let popplerHeaderFolders = ["/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include", "/usr/include/cairo"]

/// The pipeline's targets are compiled for release with their function bodies visible to the targets above
/// them, so the hot generic code of the index (tokenising, term look-ups) is specialised and inlined where the
/// question and answer stages call it, as it was while they were one module (docs/performance.md). They also emit
/// the metadata of the generic types they name at the arguments they name (`-prespecialize-generic-metadata`, a
/// frontend flag): the runtime built it on first use in every process, from mangled names with conformance
/// look-ups, 11 % of a question on the nine manuals, and the process's CPU time fell 7 % (docs/performance.md).
let acrossTargets: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization", "-Xfrontend", "-prespecialize-generic-metadata"], .when(configuration: .release))]

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
        // Poppler's GLib binding, GLib and cairo are not linked (CDeferredLibraries loads them on first use),
        // so no pkg-config file is named, which would link them: the targets that read the header are given
        // `popplerHeaderFolders`, and the header is included as <poppler/glib/poppler.h>.
        .systemLibrary(
            name: "CPoppler",
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
        // The static embedding table, linked into the binary (see Sources/ManualIndex/Embedding/EmbeddingTable.swift).
        .target(
            name: "CEmbeddingTable",
            exclude: ["data"],
            cSettings: [.headerSearchPath(".")]  // where the assembler finds data/embeddings.bin for .incbin
        ),
        // The part of ICU's data `manual` uses (1.4 of 34 MB), under the symbol name ICU finds its data by, so
        // the static link leaves out the toolchain's whole copy (icu_data.S, scripts/make-icu-data).
        .target(
            name: "CICUData",
            exclude: ["data", "items.txt"],
            cSettings: [.headerSearchPath(".")]  // where the assembler finds data/icudt.dat for .incbin
        ),
        // The vector scan's int8 dot product with AVX2 where the processor has it (int8_dot.c): Swift builds
        // for the x86-64 baseline, whose SSE2 loop was most of a question at 1,008 manuals.
        .target(name: "CInt8Dot"),
        // Two Linux calls Swift cannot make directly (variadic prctl and fcntl), for the extraction workers.
        .target(name: "CProcess"),
        // Poppler's GLib binding, Tesseract, GLib and cairo, opened on their first call instead of at start:
        // loading them and their ~100 dependencies was 19 ms of every `manual query`, and GLib's and cairo's
        // a twentieth of a question after that (deferred_libraries.c).
        .target(
            name: "CDeferredLibraries",
            dependencies: ["CPoppler", "CTesseract"],
            cSettings: [.unsafeFlags(popplerHeaderFolders.map { "-I" + $0 })]
        ),
        // libpq, the PostgreSQL client library, opened when a PostgreSQL library is first opened (postgres.c);
        // declared by hand, so building needs no libpq-dev and an SQLite library never loads it.
        .target(name: "CPostgres"),
        // ManualKit is split along the query path, so the compiler keeps its dependencies pointing one way
        // (docs/how-it-works.md, "The layers"): the index and store know no stage above them, a question is read
        // without retrieval, retrieval ranks without the answer stage, and only the front (ManualKit) knows them
        // all. What crosses a target is `package`; what users of the library call is `public`.
        //
        // The library's model, text clean-up, chunking, keywords, embeddings and the SQLite and PostgreSQL stores.
        .target(
            name: "ManualIndex",
            dependencies: ["CPoppler", "CSQLite", "CEmbeddingTable", "CInt8Dot", "CProcess", "CDeferredLibraries", "CPostgres"],
            // Word lists, compiled in as byte arrays (`PackageResources`): no bundle to find at run time.
            resources: [.embedInCode("Words/spelling-variants.txt")],
            swiftSettings: [.unsafeFlags(popplerHeaderFolders.flatMap { ["-Xcc", "-I" + $0] })] + acrossTargets
        ),
        // Reading PDFs (poppler-glib, OCR with Tesseract) in worker processes, and ingest and batch jobs into a store.
        .target(
            name: "ManualIngest",
            dependencies: ["ManualIndex", "CPoppler", "CTesseract", "CProcess", "CDeferredLibraries"],
            swiftSettings: [.unsafeFlags(popplerHeaderFolders.flatMap { ["-Xcc", "-I" + $0] })] + acrossTargets
        ),
        // A question's text read once into a `QuestionIntent`.
        .target(
            name: "ManualQuestion",
            dependencies: ["ManualIndex"],
            // Read by WordList and NamedWordLists, as the index's lists are.
            resources: [.embedInCode("Words/word-equivalents.txt"), .embedInCode("Words/value-subjects.txt")],
            swiftSettings: acrossTargets
        ),
        // The hybrid retriever: keyword and semantic channels, fusion, re-ranking.
        .target(name: "ManualRetrieval", dependencies: ["ManualQuestion", "ManualIndex"], swiftSettings: acrossTargets),
        // The answer generator: sentence choice, citations, confidence, decline, follow-ups.
        .target(
            name: "ManualAnswer",
            dependencies: ["ManualRetrieval", "ManualQuestion", "ManualIndex"],
            swiftSettings: acrossTargets
        ),
        // The front: `ManualLibrary`, kept answers, `check`, reports. Re-exports the targets below it.
        .target(
            name: "ManualKit",
            dependencies: ["ManualIndex", "ManualIngest", "ManualQuestion", "ManualRetrieval", "ManualAnswer"],
            swiftSettings: acrossTargets
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
                "CICUData",
                "ManualServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release binary, linked smaller (docs/performance.md, "What is in the binary"): by lld, with its
            // relative relocations packed (DT_RELR, glibc 2.36: 2.5 MB of .rela.dyn down to 21 KB, the binary
            // still position-independent) and without the dynamic symbol table the toolchain's
            // `-export-dynamic` writes (2.3 MB; nothing looks a symbol of the executable up at run time).
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
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
