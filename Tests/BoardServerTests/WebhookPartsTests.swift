import BoardSync
import Testing

@testable import BoardServer

/// The parts of sending webhooks that need no receiver: the URL, the signature, the retry
/// schedule, reading an answer's head, and the options.
@Suite("webhook parts")
struct WebhookPartsTests {
    @Test func anHTTPURLGivesHostPortAndPath() throws {
        let plain = try #require(WebhookURL("http://hooks.example.com/boards?team=1"))
        #expect(
            (plain.host, plain.port, plain.path, plain.hostHeader) == (
                "hooks.example.com", 80, "/boards?team=1", "hooks.example.com"
            ))
        let bare = try #require(WebhookURL("http://127.0.0.1:8000"))
        #expect((bare.host, bare.port, bare.path, bare.hostHeader) == ("127.0.0.1", 8000, "/", "127.0.0.1:8000"))
        let six = try #require(WebhookURL("http://[::1]:9000/h"))
        #expect((six.host, six.port, six.hostHeader) == ("::1", 9000, "[::1]:9000"))
        for refused in [
            "https://hooks.example.com/", "hooks.example.com", "http://", "http://user@host/", "http://host:0/",
            "http://host:99999/", "http://host/#part", "http://:80/",
        ] {
            #expect(WebhookURL(refused) == nil, "\(refused)")
        }
    }

    /// RFC 4231 test case 2.
    @Test func theSignatureIsHMACSHA256OfTheBodyInHexadecimal() {
        let signature = HMACSHA256.signatureHeader(
            body: Array("what do ya want for nothing?".utf8), secret: Array("Jefe".utf8))
        #expect(signature == "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func retriesDoubleUpToAnHourAndGiveUpAfterTheWindow() {
        let retry = WebhookRetry(baseMilliseconds: 1_000, hours: 2)
        #expect((1...5).map { retry.delayMilliseconds(after: $0) } == [1_000, 2_000, 4_000, 8_000, 16_000])
        #expect(retry.delayMilliseconds(after: 13) == 3_600_000)
        #expect(retry.delayMilliseconds(after: 500) == 3_600_000)
        let failedAt = CommitTime(milliseconds: 10_000)
        for attempts in [1, 4, 40] {
            let next = retry.nextAttempt(after: attempts, from: failedAt).milliseconds - failedAt.milliseconds
            let longest = retry.delayMilliseconds(after: attempts)
            #expect(next <= longest && next >= longest / 2, "\(attempts) attempts: \(next) ms")
        }
        let due = CommitTime(milliseconds: 0)
        #expect(!retry.givesUp(due: due, at: CommitTime(milliseconds: 7_199_999)))
        #expect(retry.givesUp(due: due, at: CommitTime(milliseconds: 7_200_000)))
    }

    @Test func anAnswersHeadIsReadOnceItIsComplete() throws {
        #expect(HTTPAnswerHead(Array("HTTP/1.1 204 No Content\r\nServer: x\r\n".utf8)) == nil)
        let head = try #require(HTTPAnswerHead(Array("HTTP/1.0 503 Busy\r\nContent-length: 12\r\n\r\nsome".utf8)))
        #expect(head.status == 503 && head.contentLength == 12 && head.headLength == 41)
        #expect(HTTPAnswerHead(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))?.status == nil)
    }

    @Test func anAnswerSaysWhetherItsConnectionStaysOpen() throws {
        func head(_ text: String) throws -> HTTPAnswerHead { try #require(HTTPAnswerHead(Array(text.utf8))) }
        #expect(try head("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").keepsOpen)
        #expect(try !head("HTTP/1.1 200 OK\r\nConnection: Close\r\n\r\n").keepsOpen)
        #expect(try !head("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").keepsOpen)
        #expect(try head("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n").keepsOpen)
    }

    @Test func anAnswersBodyEndsWhereItsHeadersSay() throws {
        let sized = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
        #expect(try #require(HTTPAnswerHead(sized)).bodyEnd(in: sized) == sized.count)
        #expect(try #require(HTTPAnswerHead(sized)).bodyEnd(in: Array(sized.dropLast())) == nil)
        let empty = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)
        #expect(try #require(HTTPAnswerHead(empty)).bodyEnd(in: empty) == empty.count)
        let chunks = Array(
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2;x=y\r\nok\r\nA\r\n0123456789\r\n0\r\nT: 1\r\n\r\n").utf8)
        let chunked = try #require(HTTPAnswerHead(chunks))
        #expect(chunked.bodyEnd(in: chunks) == chunks.count)
        #expect(chunked.bodyEnd(in: Array(chunks.dropLast(2))) == nil)
        let untilClosed = Array("HTTP/1.1 200 OK\r\n\r\nsome".utf8)
        #expect(try #require(HTTPAnswerHead(untilClosed)).bodyEnd(in: untilClosed) == nil)
    }

    @Test func theOptionsAreReadAndCheckedWithTheirDefaults() throws {
        guard case .serve(let defaults) = try ServerOptions.parse([]) else { Issue.record("no options"); return }
        #expect(defaults.webhookURLs.isEmpty && defaults.webhookRetryHours == 72)
        #expect(defaults.webhookRetryBaseMilliseconds == 1_000 && defaults.webhookTimeoutSeconds == 10)
        guard
            case .serve(let options) = try ServerOptions.parse([
                "--webhook", "http://a.example/", "--webhook=http://b.example:81/x", "--webhook-secret", "s",
                "--webhook-retry-hours", "0.001", "--webhook-retry-base-ms", "50", "--webhook-timeout", "2.5",
            ])
        else { Issue.record("no options"); return }
        #expect(options.webhookURLs == ["http://a.example/", "http://b.example:81/x"])
        #expect(options.webhookSecretPath == "s" && options.webhookRetryHours == 0.001)
        #expect(options.webhookRetryBaseMilliseconds == 50 && options.webhookTimeoutSeconds == 2.5)
        #expect(throws: ServerOptions.ParseError.self) { try ServerOptions.parse(["--webhook", "https://a.example/"]) }
        #expect(throws: ServerOptions.ParseError.self) { try ServerOptions.parse(["--webhook-retry-hours", "-1"]) }
        #expect(throws: ServerOptions.ParseError.self) { try ServerOptions.parse(["--webhook-timeout", "0"]) }
    }
}
