import BoardSync
import WebSocketTransport

extension BoardService {
    /// A WebSocket upgrade to `board`: the token, origin and limits decide.
    func admitUpgrade(_ request: HTTPRequestInfo, board: String) -> UpgradeDecision {
        switch accessControl.admitUpgrade(request, board: board, openConnections: connections.count) {
        case .success(let access):
            return .accept(userData: access)
        case .failure(let refusal):
            log(.warn, "upgrade refused", ["board": board, "reason": refusal.reason, "peer": request.peerAddress])
            return .refuse(status: refusal.status, body: refusal.body)
        }
    }

    /// Applies a reloaded tokens file: connections whose token no longer grants their board with
    /// the same role are closed with 4401. A file that failed to load keeps the old tokens.
    func tokensReloaded(_ result: Result<AccessTokens, TokensFileError>) {
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
        for connection in connections.values {
            guard let context = connection.userData as? ConnectionContext, !context.revoked,
                !accessControl.stillGrants(context.access, board: context.board)
            else { continue }
            context.revoked = true
            metrics.closesByCode[4401, default: 0] += 1
            connection.close(code: 4401, reason: "access revoked")
            closed += 1
        }
        log(.info, "tokens reloaded", ["grants": String(tokens.grants.count), "closed": String(closed)])
    }
}
