import Foundation

/// The browser page's files, the only files the server ever answers with: a fixed table from
/// URL path to a file built into the server (its `Page` resources), read once at startup. No
/// part of a request's path is ever used to name a file; a path that is not a key of the table
/// is simply not found.
///
/// The WebAssembly module (`boardsync.wasm`) is built by the Makefile's wasm rule and copied
/// into the resources before `swift build`; a server built without it still serves the pages,
/// which then say that the module is missing (and the server logs it at startup).
struct PageAssets: Sendable {
    /// URL path of the module.
    static let modulePath = "/assets/boardsync.wasm"

    /// URL path → (file in `Page`, content type).
    static let table: [(path: String, file: String, contentType: String)] = [
        ("/", "index.html", "text/html; charset=utf-8"),
        (boardPagePath, "board.html", "text/html; charset=utf-8"),
        ("/assets/page.css", "page.css", "text/css; charset=utf-8"),
        ("/assets/icon.svg", "icon.svg", "image/svg+xml"),
        ("/assets/index.js", "index.js", "text/javascript; charset=utf-8"),
        ("/assets/board.js", "board.js", "text/javascript; charset=utf-8"),
        ("/assets/board-view.js", "board-view.js", "text/javascript; charset=utf-8"),
        ("/assets/board-motion.js", "board-motion.js", "text/javascript; charset=utf-8"),
        ("/assets/board-drag.js", "board-drag.js", "text/javascript; charset=utf-8"),
        ("/assets/board-edit.js", "board-edit.js", "text/javascript; charset=utf-8"),
        ("/assets/tile-tools.js", "tile-tools.js", "text/javascript; charset=utf-8"),
        ("/assets/connection.js", "connection.js", "text/javascript; charset=utf-8"),
        ("/assets/people.js", "people.js", "text/javascript; charset=utf-8"),
        ("/assets/people-list.js", "people-list.js", "text/javascript; charset=utf-8"),
        ("/assets/boardsync.js", "boardsync.js", "text/javascript; charset=utf-8"),
        (modulePath, "boardsync.wasm", "application/wasm"),
    ]

    /// The key under which the board page (`/b/BOARD`) is held.
    static let boardPagePath = "/b/"

    /// The files by URL path.
    let assets: [String: PageAsset]
    /// Files of the table that were not built in.
    let missing: [String]

    /// The files built into this server, read once.
    static let builtIn = PageAssets(directory: Bundle.module.resourceURL?.appendingPathComponent("Page"))

    /// Reads every file of the table from `directory`.
    init(directory: URL?) {
        var assets: [String: PageAsset] = [:]
        var missing: [String] = []
        for entry in Self.table {
            if let directory,
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(entry.file).path)
            {
                assets[entry.path] = PageAsset(bytes: Array(data), contentType: entry.contentType)
            } else {
                missing.append(entry.file)
            }
        }
        self.assets = assets
        self.missing = missing
    }

    subscript(path: String) -> PageAsset? { assets[path] }
}
