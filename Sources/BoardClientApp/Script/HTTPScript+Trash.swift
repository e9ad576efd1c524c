import BoardSync

extension HTTPScript {
    /// The first request of `delete-board`, `trash` and `restore-board`.
    func startTrash() -> Step? {
        switch command {
        case .deleteBoard: board.map { .fetch(.board($0, version: nil)) } ?? Self.noBoard
        case .trash: .fetch(.trash)
        case .restoreBoard(let name, let deleted):
            (name ?? board).map { .fetch(.restoreBoard($0, deleted: deleted)) } ?? Self.noBoard
        default: nil
        }
    }

    /// The person's answer to the question of `delete-board`.
    public func answer(_ yes: Bool) -> Step {
        guard yes else { return .finished(ScriptResult(.declined, "the board was not deleted")) }
        guard let board else { return Self.noBoard }
        return .fetch(.deleteBoard(board))
    }

    /// What follows an answer to a request of `delete-board`, `trash` or `restore-board`; nil
    /// for any other request.
    func receiveTrash(status: Int, body: [UInt8], for fetch: AppFetch) -> Step? {
        switch (command, fetch, status) {
        case (.deleteBoard(let confirmed), .board(let name, nil), 200):
            guard let board = try? WireCodec.decodeBoard(body) else {
                return .finished(ScriptResult(.failure, "the server's board could not be read"))
            }
            guard confirmed else { return .ask(SessionWords.deleteBoard(name, tiles: board.itemCount)) }
            return .fetch(.deleteBoard(name))
        case (_, .deleteBoard(let name), 204):
            return .finished(ScriptResult(.ok, SessionWords.boardDeleted(name)))
        case (_, .restoreBoard(let name, _), 204):
            return .finished(ScriptResult(.ok, "Board “\(name)” is back from the trash."))
        case (_, .restoreBoard(let name, let deleted), 404):
            let when = deleted.map { " deleted at \($0.rfc3339)" } ?? ""
            return .finished(ScriptResult(.unknownElement, "the trash holds no board “\(name)”\(when)"))
        case (_, .restoreBoard(let name, _), 409):
            return .finished(ScriptResult(.nameTaken, SessionWords.restoreNameTaken(name)))
        case (.trash(let json), .trash, 200):
            guard let trashed = try? WireCodec.decodeTrashList(body) else {
                return .finished(ScriptResult(.failure, "the server's trash could not be read"))
            }
            let text =
                json ? String(decoding: WireCodec.encodeTrashList(trashed), as: UTF8.self) : TrashTable.text(trashed)
            return .finished(ScriptResult(.ok, text))
        default:
            return nil
        }
    }
}
