import Foundation

/// A connection to one webhook receiver that a sender's worker keeps open from one delivery to
/// the next (HTTP/1.1 persistent connection), instead of a new TCP connection per delivery.
///
/// It is opened on the first POST and again after any exchange that leaves it unusable: an
/// answer with `Connection: close` or delimited by the end of the connection, a failure, a
/// timeout. When the receiver has closed a kept connection before answering, the request is
/// sent once more on a new one within the same deadline (a receiver may then see a delivery
/// twice, which at least once allows). Used by one thread at a time.
final class WebhookConnection {
    let url: WebhookURL
    private var socket: Int32?

    init(_ url: WebhookURL) {
        self.url = url
    }

    deinit {
        close()
    }

    /// POSTs `body` with `headers` (beside `Host` and `Content-Length`), giving up after
    /// `timeout` seconds for the whole exchange.
    func post(headers: [(name: String, value: String)], body: [UInt8], timeout: Double) -> WebhookPost.Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        let request = WebhookPost.request(to: url, headers: headers, body: body)
        if let open = socket, !Self.isQuiet(open) { close() }
        let reused = socket != nil
        let first = exchange(request, deadline: deadline)
        guard reused, first.unanswered else { return first.outcome }
        return exchange(request, deadline: deadline).outcome
    }

    /// Closes the connection; the next POST opens a new one.
    func close() {
        if let socket { Glibc.close(socket) }
        socket = nil
    }

    private func exchange(_ request: [UInt8], deadline: Date) -> WebhookPost.Exchange {
        let open: Int32
        if let socket {
            open = socket
        } else {
            do {
                open = try WebhookPost.connect(url, deadline: deadline)
            } catch {
                return WebhookPost.Exchange(outcome: error.outcome)
            }
            socket = open
        }
        let answer: WebhookPost.Exchange
        if let failure = WebhookPost.write(request, to: open, deadline: deadline) {
            answer = WebhookPost.Exchange(outcome: failure, unanswered: failure != .timedOut)
        } else {
            answer = WebhookPost.readAnswer(from: open, deadline: deadline)
        }
        if !answer.keepsOpen { close() }
        return answer
    }

    /// Whether a kept connection has nothing to read: no end, no error, no bytes nobody asked for.
    private static func isQuiet(_ socket: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }
}
