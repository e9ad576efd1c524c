import BoardSync
import ServerTransport

extension HTTPAccess {
    /// The browser's routes of section 8: the index `/`, a board's page `/b/BOARD`, the page's
    /// files under `/assets/` (each a fixed entry of `PageAssets`; anything else there is 404) and
    /// the page's service worker, `/service-worker.js`.
    /// Nil for every other path; the board list the index reads is `boardListRequest`.
    ///
    /// A board page follows the token rules of `GET /boards/BOARD`: a refused request still gets
    /// the page, with the refusal's status, so that the person reads why instead of a bare error.
    /// A name that cannot be a board's gets a page saying what is wrong with it (404).
    func pageResponse(_ request: HTTPRequestInfo) -> HTTPResponse? {
        let path = request.path
        if path.hasPrefix(PageAssets.boardPagePath) {
            let text = String(path.dropFirst(PageAssets.boardPagePath.count))
            guard let name = BoardName(text) else {
                return InvalidBoardNamePage.response(name: text, token: request.token)
            }
            guard let page = PageAssets.builtIn[PageAssets.boardPagePath] else { return .notFound }
            if case .failure(let refusal) = accessControl.authorize(request, board: name) {
                return page.response(status: refusal.status, ifNoneMatch: nil)
            }
            return page.response(ifNoneMatch: request.ifNoneMatch)
        }
        guard path == "/" || path == PageAssets.workerPath || path.hasPrefix("/assets/") else { return nil }
        guard let asset = PageAssets.builtIn[path] else {
            if path == PageAssets.modulePath {
                return HTTPResponse(
                    status: 404, text: "the page module was not built into this server: run make wasm\n")
            }
            return .notFound
        }
        return asset.response(ifNoneMatch: request.ifNoneMatch)
    }
}
