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
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "BoardSync"),
        .target(name: "BoardSyncBrowser", dependencies: ["BoardSync"]),
        .target(name: "TerminalUI"),
        .target(name: "WebSocketTransport", dependencies: ["CWebSockets", "CLibEV"]),
        .target(name: "BoardStore", dependencies: ["CSQLite", "CLibPQ"]),
        .target(name: "BoardServer", dependencies: ["BoardSync", "BoardStore", "WebSocketTransport"]),
        .target(name: "BoardClientApp", dependencies: ["BoardSync", "TerminalUI"]),
        .executableTarget(name: "board-server", dependencies: ["BoardServer"]),
        .executableTarget(
            name: "board-client",
            dependencies: ["BoardClientApp", "BoardSync", "TerminalUI", "WebSocketTransport"]
        ),
        .executableTarget(
            name: "board-bench",
            dependencies: ["BoardSync", "BoardServer", "BoardClientApp", "TerminalUI", "WebSocketTransport"],
            resources: [.copy("node-relay.js")]
        ),
        .testTarget(name: "BoardSyncTests", dependencies: ["BoardSync"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "BoardSyncBrowserTests", dependencies: ["BoardSyncBrowser", "BoardSync"],
            resources: [.copy("Scenarios")]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "WebSocketTransportTests", dependencies: ["WebSocketTransport"]),
        .testTarget(name: "BoardStoreTests", dependencies: ["BoardStore"]),
        .testTarget(
            name: "BoardServerTests", dependencies: ["BoardServer", "BoardSync", "WebSocketTransport"],
            exclude: ["python"]),
        .testTarget(name: "BoardClientAppTests", dependencies: ["BoardClientApp", "BoardSync", "TerminalUI"]),
        .testTarget(name: "BenchmarkSmokeTests", dependencies: ["WebSocketTransport"]),
    ],
    swiftLanguageModes: [.v6]
)
