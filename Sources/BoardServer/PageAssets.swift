import BoardSync
import Foundation

/// The browser page's files, the only files the server ever answers with: a fixed table from
/// URL path to a file built into the server (its `Page` resources), read once at startup. No
/// part of a request's path is ever used to name a file; a path that is not a key of the table
/// is simply not found.
///
/// The WebAssembly module (`boardsync.wasm`) is built by the Makefile's wasm rule and copied
/// into the resources before `swift build`; a server built without it still serves the pages,
/// which then say that the module is missing (and the server logs it at startup).
///
/// One entry is made, not read: `/assets/files.json` lists the files a page needs offline and
/// names their version (a hash of their entity tags), so that the page's service worker keeps one
/// consistent set and replaces it when a new server brings other files.
struct PageAssets: Sendable {
    /// URL path of the module.
    static let modulePath = "/assets/boardsync.wasm"
    /// URL path of the service worker, at the root so that it may serve `/` and `/b/…`.
    static let workerPath = "/service-worker.js"
    /// URL path of the list of the files the service worker keeps.
    static let filesPath = "/assets/files.json"

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
        ("/assets/offline-store.js", "offline-store.js", "text/javascript; charset=utf-8"),
        ("/assets/session-keeper.js", "session-keeper.js", "text/javascript; charset=utf-8"),
        ("/assets/notices.js", "notices.js", "text/javascript; charset=utf-8"),
        ("/assets/history-panel.js", "history-panel.js", "text/javascript; charset=utf-8"),
        ("/assets/text-field.js", "text-field.js", "text/javascript; charset=utf-8"),
        ("/assets/export-menu.js", "export-menu.js", "text/javascript; charset=utf-8"),
        ("/assets/board.html", "board.html", "text/html; charset=utf-8"),
        ("/assets/manifest.webmanifest", "manifest.webmanifest", "application/manifest+json"),
        ("/assets/icon-192.png", "icon-192.png", "image/png"),
        ("/assets/icon-512.png", "icon-512.png", "image/png"),
        (workerPath, "service-worker.js", "text/javascript; charset=utf-8"),
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
        assets[Self.filesPath] = Self.fileList(of: assets)
        self.assets = assets
        self.missing = missing
    }

    /// `{"version": "…", "files": ["/", "/assets/…", …]}`: every file a page loads, in the table's
    /// order (the board page as `/assets/board.html`, since `/b/` is no file of its own), and a
    /// version that changes whenever any of them or the worker changes.
    private static func fileList(of assets: [String: PageAsset]) -> PageAsset {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var files: [String] = []
        for entry in table {
            guard let asset = assets[entry.path] else { continue }
            for byte in asset.etag.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            if entry.path != boardPagePath, entry.path != workerPath { files.append(entry.path) }
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("version")
        writer.string(String(hash, radix: 16))
        writer.key("files")
        writer.beginArray()
        for file in files { writer.string(file) }
        writer.endArray()
        writer.endObject()
        return PageAsset(bytes: writer.bytes, contentType: "application/json")
    }

    subscript(path: String) -> PageAsset? { assets[path] }
}
