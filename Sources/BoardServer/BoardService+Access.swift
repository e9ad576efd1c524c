import BoardSync
import ServerTransport

extension BoardService {
    /// A WebSocket upgrade: the path names a board, then the token, origin and limits decide;
    /// an accepted one opens its board with the token and role it was admitted with.
    package func admit(_ request: HTTPRequestInfo) -> UpgradeDecision<ConnectionAccess> {
        serviceThread.check()
        guard let board = Self.boardName(inPath: request.path) else {
            return .refuse(status: 404, body: "not found\n")
        }
        switch accessControl.admitUpgrade(request, board: board, openConnections: connections.count) {
        case .success(let access):
            return .accept(access)
        case .failure(let refusal):
            log(.warn, "upgrade refused", ["board": board, "reason": refusal.reason, "peer": request.peerAddress])
            return .refuse(status: refusal.status, body: refusal.body)
        }
    }

    /// Applies a reloaded tokens file: connections whose token no longer grants their board with
    /// the same role are closed with 4401. A file that failed to load keeps the old tokens.
    func tokensReloaded(_ result: Result<AccessTokens, TokensFileError>) {
        serviceThread.check()
        let tokens: AccessTokens
        switch result {
        case .failure(let error):
            log(.error, "tokens reload failed; keeping the previous tokens", ["error": error.description])
            return
        case .success(let loaded):
            tokens = loaded
        }
        accessControl.tokens = tokens
        var closed = 0
        for context in connections.values
        where !context.revoked && !accessControl.stillGrants(context.access, board: context.board) {
            context.revoked = true
            metrics.closesByCode[4401, default: 0] += 1
            context.session.close(code: 4401, reason: "access revoked")
            closed += 1
        }
        log(.info, "tokens reloaded", ["grants": String(tokens.grants.count), "closed": String(closed)])
    }
}
