import BoardSync
import BoardSyncBrowser
import TestSupport
import Testing

/// The session as the page drives it, beyond what the scenario files show.
@Suite struct BrowserSessionTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theClientIDComesFromTheSeedWhenThePageGivesNone() {
        let first = BrowserSession(SessionParameters(user: "ann", board: "team", seed: 1))
        let again = BrowserSession(SessionParameters(user: "ann", board: "team", seed: 1))
        let other = BrowserSession(SessionParameters(user: "ann", board: "team", seed: 2))
        #expect(first.status.client == "web-910a2dec89025cc1")
        #expect(again.status.client == first.status.client)
        #expect(other.status.client != first.status.client)
        #expect(Validation.isIdentifier(first.status.client.rawValue))
    }

    @Test func openingAnswersTheHandleStatusAndEmptyView() {
        var sessions = BrowserSessions()
        let answer = text(sessions.open(Array(#"{"board":"team","user":"ann","client":"A","seed":1}"#.utf8)))
        #expect(
            answer
                == #"{"session":1,"send":[],"notices":[],"reconnect":false,"status":{"client":"A","user":"ann","color":"cyan","board":"team","phase":"offline","connection":{"state":"idle"},"role":"editor","version":0,"pending":0,"canUndo":false,"canRedo":false,"drag":null,"peers":[],"people":[{"user":"ann","color":"cyan","connections":1,"you":true}],"lastRemoteAction":null,"announcement":null,"selection":[]},"batch":null,"plan":null,"view":{"sections":[]}}"#
        )
    }

    @Test func sessionsAreApartAndHandlesAreNotReused() {
        var sessions = BrowserSessions()
        let first = text(sessions.open(Array(#"{"board":"team","user":"ann","seed":1}"#.utf8)))
        let second = text(sessions.open(Array(#"{"board":"team","user":"bob","seed":2}"#.utf8)))
        #expect(first.hasPrefix(#"{"session":1,"#))
        #expect(second.hasPrefix(#"{"session":2,"#))
        let hello = text(sessions.perform(session: 2, Array(#"{"type":"connected"}"#.utf8)))
        #expect(hello.contains(#"\"user\":\"bob\""#))
        let closed = sessions.close(session: 1)
        #expect(closed)
        #expect(sessions.count == 1)
        let third = text(sessions.open(Array(#"{"board":"team","user":"cy","seed":3}"#.utf8)))
        #expect(third.hasPrefix(#"{"session":3,"#))
        #expect(
            text(sessions.perform(session: 1, Array(#"{"type":"state"}"#.utf8))) == #"{"error":"no open session 1"}"#)
        #expect(text(sessions.receive(session: 9, Array("{}".utf8))) == #"{"error":"no open session 9"}"#)
    }

    @Test func aRefusedServerMessageChangesNothing() {
        var session = BrowserSession(SessionParameters(client: "A", user: "ann", board: "team", seed: 1))
        _ = session.perform(.connected)
        let before = (session.status, session.machine.view, session.machine.committed)
        let step = session.receive(Array(#"{"type":"ack","seq":"1"}"#.utf8))
        #expect(step.error == .badServerMessage(.wrongType(field: "seq", expected: "an integer")))
        #expect(session.status == before.0)
        #expect(session.machine.view == before.1)
        #expect(session.machine.committed == before.2)
        #expect(step.send.isEmpty)
        #expect(step.batch == nil)
    }

    @Test func backoffGrowsWhileDisconnectedAndStartsAgainAfterAWelcome() {
        var session = BrowserSession(SessionParameters(client: "A", user: "ann", board: "team", seed: 1))
        var delays: [Int] = []
        for _ in 0..<8 { delays.append(session.perform(.disconnected()).connectAfterMs ?? -1) }
        let last = delays[delays.count - 1]
        #expect(delays.allSatisfy { $0 > 0 })
        #expect(last >= 5_000 && last <= 10_000)
        #expect(session.reconnectAttempts == 8)
        _ = session.perform(.connected)
        let welcome = ServerMessage.welcome(
            .init(
                state: .board(Board(id: "team", version: 1)), you: .init(client: "A", user: "ann", role: .editor),
                peers: [], lastSeq: 0))
        _ = session.receive(welcome)
        #expect(session.reconnectAttempts == 0)
        let next = session.perform(.disconnected()).connectAfterMs ?? -1
        #expect(next >= 125 && next <= 250)
    }
}
