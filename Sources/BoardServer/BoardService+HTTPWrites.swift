import BoardSync
import Foundation
import ServerTransport

/// `POST /boards/BOARD/ops` (protocol 1.2 section 12): a submit over HTTP, with the token rules
/// of the board, answered like a WebSocket submit of the body's client once it is durable.
extension BoardService {
    /// Connection ids of submits over HTTP start here, far above any transport's session ids.
    static let firstHTTPAnswerID: UInt64 = 1 << 62

    /// A POST whose whole body arrived; `respond` is called once, on the service thread.
    package func httpPost(_ request: HTTPRequestInfo, body: [UInt8], respond: @escaping (HTTPResponse) -> Void) {
        thread.check()
        guard let name = Self.boardName(ofOpsPath: request.path) else {
            respond(httpRequest(request))
            return
        }
        if let refusal = self.access.accessControl.refuseForeignOrigin(request) {
            respond(refusal.response)
            return
        }
        let access: ConnectionAccess
        switch self.access.accessControl.authorize(request, board: name) {
        case .failure(let refusal):
            log(
                .warn, "write refused", ["board": name.rawValue, "reason": refusal.reason, "peer": request.peerAddress])
            respond(refusal.response)
            return
        case .success(let granted):
            access = granted
        }
        guard Self.isJSON(request.contentType) else {
            respond(HTTPResponse(status: 415, text: "the body must be JSON (Content-Type: application/json)\n"))
            return
        }
        let loaded: LoadedBoard
        do {
            guard let found = try boards.board(named: name, create: false), !found.awaitingCreation else {
                respond(.notFound)
                return
            }
            loaded = found
        } catch {
            log(.error, "board unavailable", ["board": name.rawValue, "error": String(describing: error)])
            respond(Self.errorResponse(.init(code: .unavailable, message: "the board cannot be read now")))
            return
        }
        let write: HTTPSubmit
        do {
            write = try HTTPSubmit.decode(body)
        } catch {
            respond(Self.errorResponse(.init(refusing: error)))
            return
        }
        httpAnswersStarted += 1
        let session = HTTPAnswerSession(
            id: Self.firstHTTPAnswerID + httpAnswersStarted, path: request.path, peerAddress: request.peerAddress,
            respond: respond)
        let context = ConnectionContext(
            session: session, board: name, access: access, bucket: TokenBucket(capacity: 1, refillPerSecond: 1))
        context.client = write.client
        context.submitReceivedAt = clock()
        session.answered = { [weak self] in
            self?.host?.runLater(after: 0) { [weak self] in self?.delivery.answered(context.id) }
        }
        delivery.awaitAnswer(context)
        if loaded.connections.isEmpty, loaded.idleSince == nil { loaded.idleSince = clock() }
        boards.handle(
            .submittedOverHTTP(
                answerTo: context.id, role: access.role, client: write.client, user: access.user ?? write.user,
                write.submit),
            on: loaded, now: clock())
        boards.armTick()
        durability.finishTurn()
    }

    /// The board of a `/boards/NAME/ops` path.
    static func boardName(ofOpsPath path: String) -> BoardName? {
        HTTPAccess.boardName(inPath: path, before: "/ops")
    }

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// An `error` answer with the status of its code.
    static func errorResponse(_ report: ServerMessage.ErrorReport) -> HTTPResponse {
        HTTPResponse(
            status: report.code.httpStatus, contentType: "application/json", body: WireCodec.encode(.error(report)))
    }
}
