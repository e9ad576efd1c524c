import BoardSync
import ServerTransport

/// The session of one submit over HTTP: the first frame the service sends it, the submit's
/// `ack` or `error`, becomes the HTTP answer (200 with the ack as JSON, or the error as JSON with
/// the status of its code); a close before it answers 503.
final class HTTPAnswerSession: BoardSession {
    let id: UInt64
    let path: String
    let peerAddress: String
    private var respond: ((HTTPResponse) -> Void)?
    /// Called once the answer went out.
    var answered: (() -> Void)?

    init(id: UInt64, path: String, peerAddress: String, respond: @escaping (HTTPResponse) -> Void) {
        self.id = id
        self.path = path
        self.peerAddress = peerAddress
        self.respond = respond
    }

    func send(_ frame: OutboundFrame) {
        let bytes = Array(frame.bytes)
        let status: Int
        switch try? WireCodec.decodeServerMessage(bytes) {
        case .ack?: status = 200
        case .error(let report)?: status = report.code.httpStatus
        default: return
        }
        finish(HTTPResponse(status: status, contentType: "application/json", body: bytes))
    }

    func close(code: UInt16, reason: String) {
        finish(HTTPResponse(status: 503, text: "the server could not answer the submit\n"))
    }

    private func finish(_ response: HTTPResponse) {
        guard let respond else { return }
        self.respond = nil
        respond(response)
        answered?()
    }
}
