// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "board-sync",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "board-server", targets: ["board-server"]),
        .executable(name: "board-client", targets: ["board-client"]),
        .executable(name: "board-bench", targets: ["board-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CWebSockets",
            pkgConfig: "libwebsockets",
            providers: [.apt(["libwebsockets-dev"])]
        ),
        .systemLibrary(
            name: "CLibEV",
            providers: [.apt(["libev-dev", "libwebsockets-evlib-ev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "BoardSync"),
        .target(name: "BoardSyncBrowser", dependencies: ["BoardSync"]),
        .target(name: "Locking"),
        .target(name: "TerminalUI"),
        .target(name: "ServerTransport"),
        .target(name: "WebSocketTransport", dependencies: ["CWebSockets", "CLibEV", "Locking", "ServerTransport"]),
        .target(name: "BoardStore", dependencies: ["BoardSync", "CLibPQ", "CSQLite", "Locking"]),
        .target(
            name: "BoardServer", dependencies: ["BoardSync", "BoardStore", "CCrypto", "Locking", "ServerTransport"],
            resources: [.copy("Page")]),
        .target(name: "BoardClientApp", dependencies: ["BoardSync", "TerminalUI"]),
        .executableTarget(
            name: "board-server", dependencies: ["BoardServer", "BoardSync", "ServerTransport", "WebSocketTransport"]),
        .executableTarget(
            name: "board-client",
            dependencies: ["BoardClientApp", "BoardSync", "Locking", "TerminalUI", "WebSocketTransport"]
        ),
        .executableTarget(
            name: "board-bench",
            dependencies: [
                "BoardSync", "BoardStore", "BoardClientApp", "Locking", "ServerTransport", "TerminalUI", "TestSupport",
                "WebSocketTransport",
            ],
            resources: [.copy("node-relay.js")]
        ),
        .target(name: "TestSupport", dependencies: ["BoardSync"], path: "Tests/TestSupport"),
        .testTarget(
            name: "BoardSyncBrowserTests", dependencies: ["BoardSyncBrowser", "BoardSync", "TestSupport"],
            resources: [.copy("Scenarios")]),
        .testTarget(
            name: "BoardSyncTests", dependencies: ["BoardSync", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(
            name: "WebSocketTransportTests", dependencies: ["ServerTransport", "TestSupport", "WebSocketTransport"]),
        .testTarget(
            name: "BoardStoreTests", dependencies: ["BoardStore", "BoardSync", "CSQLite", "Locking", "TestSupport"]),
        .testTarget(
            name: "BoardServerTests",
            dependencies: ["BoardServer", "BoardStore", "BoardSync", "Locking", "ServerTransport", "TestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "BoardServerProcessTests",
            dependencies: ["BoardServer", "BoardSync", "TestSupport", "WebSocketTransport"],
            exclude: ["python"]),
        .testTarget(
            name: "BoardClientAppTests",
            dependencies: ["BoardClientApp", "BoardSync", "Locking", "TerminalUI", "TestSupport"]),
        .testTarget(name: "BenchmarkSmokeTests", dependencies: ["TestSupport", "WebSocketTransport"]),
    ],
    swiftLanguageModes: [.v6]
)
