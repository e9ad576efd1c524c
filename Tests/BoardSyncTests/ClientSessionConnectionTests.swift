import BoardSync
import Testing

/// A session's connection: starting, backoff after failures, endings that are final, a lost
/// track of the server; the same policy in every shell.
@Suite struct ClientSessionConnectionTests {
    private func session(usesToken: Bool = false) -> ClientSession {
        ClientSession(board: "team", user: "ann", client: "A", seed: 1, usesToken: usesToken)
    }

    @Test func startingAsksToConnectAtOnceAndOpeningSaysHello() {
        var session = session()
        #expect(session.connection == .idle)
        let start = session.handle(.start, now: 0)
        #expect(start.connectAfter == 0)
        #expect(session.connection == .connecting)
        let opened = session.handle(.opened, now: 0.1)
        #expect(opened.send == [.hello(.init(client: "A", user: "ann", since: nil))])
        _ = session.handle(.received(clientWelcome()), now: 0.2)
        #expect(session.connection == .live)
    }

    @Test func failuresWaitLongerEachTimeAndAWelcomeStartsTheBackoffAgain() {
        var session = session()
        _ = session.handle(.start, now: 0)
        var delays: [Double] = []
        for attempt in 0..<6 {
            let step = session.handle(.failed(.unreachable("cannot reach the server")), now: Double(attempt))
            guard let delay = step.connectAfter else {
                Issue.record("no next attempt after failure \(attempt + 1)")
                return
            }
            delays.append(delay)
            #expect(session.connection == .waiting(until: Double(attempt) + delay, problem: "cannot reach the server"))
        }
        for (earlier, later) in zip(delays, delays.dropFirst()) { #expect(later >= earlier) }
        #expect(delays.last! >= 4 && delays.last! <= 8)
        _ = session.handle(.opened, now: 10)
        _ = session.handle(.received(clientWelcome()), now: 10)
        #expect(session.reconnectAttempts == 0)
        let again = session.handle(.closed(code: 1006), now: 11)
        #expect(again.connectAfter.map { $0 >= 0.125 && $0 <= 0.25 } == true)
        #expect(again.stopped == nil)
    }

    @Test func aReplacedConnectionStopsForGoodInWords() {
        var session = session()
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome()), now: 0)
        let step = session.handle(.closed(code: 4409), now: 1)
        #expect(step.connectAfter == nil)
        #expect(step.stopped == ReconnectPolicy.finalWords(closeCode: 4409))
        #expect(step.announcements == [step.stopped!])
        #expect(session.isStopped)
        #expect(session.handle(.opened, now: 2).send.isEmpty)
        #expect(session.handle(.closed(code: 1006), now: 3).connectAfter == nil)
    }

    @Test func aWithdrawnTokenStopsForGood() {
        var session = session(usesToken: true)
        _ = session.handle(.start, now: 0)
        let step = session.handle(.closed(code: 4401), now: 1)
        #expect(step.stopped?.contains("withdrawn") == true)
    }

    @Test func anExpiredSignedTokenStopsSayingTheSessionExpired() {
        var session = session(usesToken: true)
        _ = session.handle(.start, now: 0)
        let step = session.handle(.closed(code: 4401, reason: ReconnectPolicy.expiredTokenReason), now: 1)
        #expect(step.stopped == "Your session expired: open the board again with a new token.")
        #expect(session.handle(.closed(code: 1006), now: 3).connectAfter == nil)
    }

    @Test func refusalsThatTryingAgainCannotChangeStopWithTheirReason() {
        var plain = session()
        _ = plain.handle(.start, now: 0)
        #expect(plain.handle(.failed(.refused(httpStatus: 401)), now: 1).stopped?.hasPrefix("This board needs") == true)
        var withToken = session(usesToken: true)
        _ = withToken.handle(.start, now: 0)
        #expect(
            withToken.handle(.failed(.refused(httpStatus: 401)), now: 1).stopped?.hasPrefix(
                "The access token is not valid") == true)
        var forbidden = session(usesToken: true)
        _ = forbidden.handle(.start, now: 0)
        #expect(
            forbidden.handle(.failed(.refused(httpStatus: 403)), now: 1).stopped
                == "The access token does not open this board (team).")
    }

    @Test func aServerThatIsUnavailableIsTriedAgain() {
        var session = session()
        _ = session.handle(.start, now: 0)
        let step = session.handle(.failed(.refused(httpStatus: 503)), now: 1)
        #expect(step.stopped == nil)
        #expect(step.connectAfter != nil)
        guard case .waiting(_, let problem) = session.connection else {
            Issue.record("not waiting: \(session.connection)")
            return
        }
        #expect(problem == "the server refused the connection (HTTP 503)")
    }

    @Test func losingTrackOfTheServerClosesAndConnectsAgainAtOnce() {
        var session = session()
        _ = session.handle(.start, now: 0)
        _ = session.handle(.opened, now: 0)
        _ = session.handle(.received(clientWelcome()), now: 0)
        let gap = session.handle(.received(bobs(9, .update(item: "a", label: "Post"))), now: 1)
        #expect(gap.reconnect)
        #expect(gap.connectAfter == 0)
        #expect(session.connection == .connecting)
        let hello = session.handle(.opened, now: 1)
        #expect(hello.send == [.hello(.init(client: "A", user: "ann", since: 5))])
    }
}
