import BoardStore
import BoardSync
import ServerTransport

extension HTTPAccess {
    /// The close code of a connection whose board was deleted (protocol section 11).
    static let boardDeletedCode = UInt16(ReconnectPolicy.boardDeletedCode)

    /// `DELETE /boards/NAME` and `POST /boards/NAME/restore` (protocol section 11), or nil for
    /// any other request. Checks in order: the path, the token (401, 403), the role (403), the
    /// origin (403), the parameters (400), then the board (404, 409, 503).
    func trashRequest(_ request: HTTPRequestInfo) -> HTTPResponse? {
        let path = request.path
        if request.method == "DELETE", let name = Self.boardName(inPath: path) {
            if case .failure(let refusal) = accessControl.authorizeWrite(request, board: name) {
                return refusal.response
            }
            return answer(board: name, failing: "trash change failed") { try delete(name) }
        }
        guard request.method == "POST", path.hasPrefix("/boards/"), path.hasSuffix("/restore") else { return nil }
        guard let name = Self.boardName(inPath: path, before: "/restore") else { return .notFound }
        if case .failure(let refusal) = accessControl.authorizeWrite(request, board: name) { return refusal.response }
        var deleted: CommitTime?
        if let text = request.query["deleted"] {
            guard let time = CommitTime(rfc3339: text) else {
                let message = "deleted must be a time such as 2026-12-01T17:20:00.123Z, as the trash lists it"
                return Self.response(400, HTTPRefusal(.badParameter, message: message))
            }
            deleted = time
        }
        return answer(board: name, failing: "trash change failed") { try restore(name, deleted: deleted) }
    }

    /// `GET /boards?trash=1`: the boards in the trash the token covers.
    func trashList(covering patterns: [BoardPattern]?) throws -> HTTPResponse {
        let trashed = try store.trashedBoards().filter { entry in patterns?.contains { $0.matches(entry.id) } ?? true }
        return HTTPResponse(status: 200, contentType: "application/json", body: WireCodec.encodeTrashList(trashed))
    }

    private func delete(_ name: BoardName) throws -> HTTPResponse {
        let loaded = boards[name]
        if let loaded, !loaded.log.isIdle || loaded.awaitingCreation {
            let message = "the board has changes on their way to the store; delete it again in a moment"
            return Self.response(503, HTTPRefusal(.unavailable, message: message))
        }
        let summary = try loaded.map { BoardSummary($0.durableBoard) } ?? summary(of: name)
        guard let summary,
            let entry = try store.moveToTrash(TrashedBoard(summary, deleted: wallClock()))
        else { return .notFound }
        log(
            .info, "board deleted",
            ["board": name.rawValue, "version": String(entry.version), "items": String(entry.items)])
        closeDeletedBoard(name)
        trashChanged(name, true)
        return HTTPResponse(status: 204, body: [])
    }

    private func restore(_ name: BoardName, deleted: CommitTime?) throws -> HTTPResponse {
        let taken = Self.response(
            409, HTTPRefusal(.boardExists, message: "a board named \(name) exists; delete or rename it first"))
        guard boards[name] == nil else { return taken }
        switch try store.restoreFromTrash(name, deleted: deleted) {
        case .notInTrash:
            return .notFound
        case .nameTaken:
            return taken
        case .restored(let entry):
            log(.info, "board restored", ["board": name.rawValue, "version": String(entry.version)])
            boardSummaries[name] = nil
            trashChanged(name, false)
            return HTTPResponse(status: 204, body: [])
        }
    }

    /// Closes every connection to the board `name` with 4410 and forgets the board: it was
    /// deleted here or on another server sharing the store.
    func closeDeletedBoard(_ name: BoardName) {
        thread.check()
        boardSummaries[name] = nil
        guard let loaded = boards[name] else { return }
        boards.remove(loaded)
        for id in loaded.connections.sorted() {
            guard let context = delivery[id] else { continue }
            context.revoked = true
            delivery.close(context, code: Self.boardDeletedCode, reason: "the board was deleted")
        }
    }

    /// Another server sharing the store moved the board `name` to the trash (`deleted`), or
    /// brought it back.
    func trashChangedElsewhere(_ name: BoardName, _ deleted: Bool) {
        log(.info, deleted ? "board deleted elsewhere" : "board restored elsewhere", ["board": name.rawValue])
        if deleted {
            closeDeletedBoard(name)
        } else {
            boardSummaries[name] = nil
        }
    }

    /// Removes from the trash, for good, the boards deleted more than `--trash-days` ago.
    func purgeTrash() {
        thread.check()
        let cutoff = CommitTime(
            milliseconds: wallClock().milliseconds - Int64((options.trashDays * 86_400_000).rounded(.down)))
        do {
            for entry in try store.purgeTrash(deletedBefore: cutoff) {
                log(
                    .info, "board purged from the trash",
                    ["board": entry.id.rawValue, "deleted": entry.deleted.rfc3339])
            }
        } catch {
            log(.error, "trash purge failed", ["error": String(describing: error)])
        }
    }
}
