import BoardSync
import Foundation
import TestSupport
import Testing

/// Every error code of protocol section 6 over the wire, each followed by proof that the
/// connection still works.
@Suite("error codes over the wire")
struct ErrorCodeTests {
    @Test func badMessageForGarbageArraysMissingFieldsAndHelloOrder() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let client = try ProtocolClient(url: server.url(board: "badmessage"))
        client.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("early"))))
        #expect(try client.nextError().code == .badMessage)
        client.send(.hello(.init(client: client.client, user: "tester")))
        _ = try client.receive { $0.welcomeValue }
        for text in [
            "garbage", "[1,2,3]", #"{"type":"submit","seq":1}"#, #"{"type":"nope"}"#, #"{"seq":1}"#, "",
            #"{"type":"submit","seq":1.5,"base":0,"op":{"kind":"delete","item":"x","from":{"section":"main","index":0}}}"#,
        ] {
            client.sendRaw(text)
            let error = try client.nextError()
            #expect(error.code == .badMessage, "for \(text)")
            try client.probe()
        }
        client.send(.hello(.init(client: client.client, user: "tester")))
        #expect(try client.nextError().code == .badMessage)
        try client.probe()
    }

    @Test func badOpCarriesTheSeqAndDoesNotConsumeIt() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "badop"))
        #expect(try client.submit(seq: 1, base: 0, Ops.insert("gone")).ackValue?.version == 1)
        #expect(try client.submit(seq: 2, base: 1, Ops.delete("gone", at: 0)).ackValue?.version == 2)
        let refused: [Op] = [
            Ops.move("nope", from: ("main", 0), to: ("main", 0)),
            Ops.insert("gone"),
            Ops.insert("main"),
            Ops.insert("fresh", ""),
            Ops.insert("fresh", "tab\there"),
            Ops.insert("fresh", "del\u{7F}"),
            Ops.insert("fresh", section: "main", at: 5),
            .update(item: "main", label: "a section"),
        ]
        for op in refused {
            let answer = try client.submit(seq: 3, base: 2, op)
            #expect(answer.errorValue?.code == .badOp, "for \(op): \(answer)")
            #expect(answer.errorValue?.seq == 3)
        }
        #expect(
            try client.submit(seq: 3, base: 2, Ops.insert("fresh")).ackValue
                == .init(seq: 3, version: 3, op: Ops.insert("fresh")))
        #expect(
            try client.submit(seq: 4, base: 3, Ops.move("fresh", from: ("main", 1), to: ("main", 0)))
                .errorValue?.code == .badOp)
    }

    @Test func limitsForLabelsItemsAndSections() throws {
        let server = try ServerProcess(arguments: ["--max-items", "3", "--max-sections", "2"])
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "limits"))
        let long = try client.submit(seq: 1, base: 0, Ops.insert("long", String(repeating: "é", count: 101)))
        #expect(long.errorValue?.code == .limit)
        #expect(long.errorValue?.seq == 1)
        #expect(
            try client.submit(seq: 1, base: 0, Ops.insert("full", String(repeating: "é", count: 100))).ackValue?.version
                == 1)
        #expect(try client.submit(seq: 2, base: 1, Ops.insert("i2")).ackValue != nil)
        #expect(try client.submit(seq: 3, base: 2, Ops.insert("i3")).ackValue != nil)
        let fourth = try client.submit(seq: 4, base: 3, Ops.insert("i4"))
        #expect(fourth.errorValue?.code == .limit)
        #expect(fourth.errorValue?.seq == 4)
        let second = Op.insertSection(section: SectionHeader(id: "s2", title: "Two"), index: 1)
        #expect(try client.submit(seq: 4, base: 3, second).ackValue?.version == 4)
        let third = Op.insertSection(section: SectionHeader(id: "s3", title: "Three"), index: 2)
        #expect(try client.submit(seq: 5, base: 4, third).errorValue?.code == .limit)
        #expect(
            try client.submit(seq: 5, base: 4, .renameSection(section: "s2", title: String(repeating: "x", count: 101)))
                .errorValue?.code == .limit)
        #expect(try client.submit(seq: 5, base: 4, Ops.delete("i4", at: 0)).errorValue?.code == .badOp)
        #expect(try client.submit(seq: 5, base: 4, Ops.delete("i3", at: 0)).ackValue?.version == 5)
        #expect(try client.submit(seq: 6, base: 5, Ops.insert("i5")).ackValue?.version == 6)
    }

    @Test func rateLimitRefusesWithSeqAndRecovers() throws {
        let server = try ServerProcess(arguments: ["--rate-burst", "5", "--rate-per-second", "1"])
        defer { server.finish() }
        let client = try ProtocolClient(url: server.url(board: "rate"))
        client.send(.hello(.init(client: client.client, user: "tester")))
        for index in 0..<4 { client.send(.drag(.begin(item: "unknown\(index)"))) }
        client.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("late"))))
        _ = try client.receive { $0.welcomeValue }
        for _ in 0..<4 { #expect(try client.nextError().code == .badOp) }
        let refused = try client.nextError()
        #expect(refused.code == .limit)
        #expect(refused.seq == 1)
        var answer: ServerMessage?
        let recovered = try Deadline.wait(timeout: 6, poll: 0.3) {
            answer = try client.submit(seq: 1, base: 0, Ops.insert("late"))
            return answer?.ackValue != nil
        }
        #expect(recovered, "the connection never accepted a submit again: \(String(describing: answer))")
        #expect(answer?.ackValue == .init(seq: 1, version: 1, op: Ops.insert("late")))
    }

    @Test func staleBaseAboveTheVersionOrOlderThanTheRetainedOps() throws {
        let server = try ServerProcess(arguments: ["--retain-ops", "2"])
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "stale"))
        let ahead = try client.submit(seq: 1, base: 3, Ops.insert("x"))
        #expect(ahead.errorValue?.code == .stale)
        #expect(ahead.errorValue?.seq == 1)
        for index in 0..<4 {
            #expect(try client.submit(seq: index + 1, base: index, Ops.insert("s\(index)")).ackValue != nil)
        }
        let old = try client.submit(seq: 5, base: 1, Ops.insert("old"))
        #expect(old.errorValue?.code == .stale)
        #expect(old.errorValue?.seq == 5)
        #expect(try client.submit(seq: 5, base: 2, Ops.insert("old")).ackValue?.version == 5)
    }

    /// Two submits in ONE write reach the server in the same event-loop turn, before the first
    /// is answered: the second is refused with `in_flight`, deterministically.
    @Test func secondSubmitInTheSameWriteIsInFlight() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let raw = try RawWebSocket(port: server.port, path: "/boards/inflight")
        try raw.send(.hello(.init(client: "raw1", user: "raw")))
        #expect(try raw.receiveMessage().welcomeValue != nil)
        try raw.sendTogether([
            WireCodec.encode(.submit(.init(seq: 1, base: 0, op: Ops.insert("one")))),
            WireCodec.encode(.submit(.init(seq: 2, base: 0, op: Ops.insert("two")))),
        ])
        let answers = [try raw.receiveMessage(), try raw.receiveMessage()]
        #expect(answers.contains(.ack(.init(seq: 1, version: 1, op: Ops.insert("one")))), "\(answers)")
        #expect(answers.contains { $0.errorValue?.code == .inFlight && $0.errorValue?.seq == 2 }, "\(answers)")
        try raw.send(.submit(.init(seq: 2, base: 1, op: Ops.insert("two"))))
        #expect(try raw.receiveMessage() == .ack(.init(seq: 2, version: 2, op: Ops.insert("two"))))
    }

    @Test func lockedNamesTheHolder() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "locked")
        let (alice, _) = try ProtocolClient.joined(url, user: "alice")
        _ = try alice.submit(seq: 1, base: 0, Ops.insert("tile"))
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        alice.send(.drag(.begin(item: "tile")))
        _ = try bob.receive { $0.dragValue }
        bob.send(.drag(.begin(item: "tile")))
        let error = try bob.nextError()
        #expect(error.code == .locked)
        #expect(error.item == "tile")
        #expect(error.message.contains("alice"))
        try bob.probe()
    }

    @Test func duplicateSeqsAreAnsweredWithoutApplyingAgain() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let (client, _) = try ProtocolClient.joined(server.url(board: "dup"))
        let op = Ops.insert("once")
        #expect(try client.submit(seq: 1, base: 0, op) == .ack(.init(seq: 1, version: 1, op: op)))
        #expect(try client.submit(seq: 5, base: 1, Ops.insert("five")).ackValue?.version == 2)
        #expect(try client.submit(seq: 1, base: 0, op) == .ack(.init(seq: 1, version: 1, op: op, duplicate: true)))
        #expect(
            try client.submit(seq: 1, base: 2, Ops.insert("other"))
                == .ack(.init(seq: 1, version: 1, op: op, duplicate: true)))
        #expect(
            try client.submit(seq: 3, base: 2, Ops.insert("three"))
                == .ack(.init(seq: 3, version: 2, op: nil, duplicate: true)))
        let board = try WireCodec.decodeBoard(Array(HTTPProbe.get(port: server.port, path: "/boards/dup").body.utf8))
        #expect(board.version == 2)
        #expect(board.sections[0].items.map(\.id) == ["five", "once"])
    }

    @Test func opOnAConcurrentlyDeletedItemIsANoop() throws {
        let server = try ServerProcess()
        defer { server.finish() }
        let url = server.url(board: "noop")
        let (alice, _) = try ProtocolClient.joined(url, user: "alice")
        let (bob, _) = try ProtocolClient.joined(url, user: "bob")
        _ = try alice.submit(seq: 1, base: 0, Ops.insert("x"))
        _ = try alice.submit(seq: 2, base: 1, Ops.insert("y"))
        #expect(try bob.submit(seq: 1, base: 2, Ops.delete("x", at: 1)).ackValue?.version == 3)
        let answer = try alice.submit(seq: 3, base: 2, Ops.move("x", from: ("main", 1), to: ("main", 0)))
        #expect(answer == .ack(.init(seq: 3, version: 3, op: nil)))
        #expect(try alice.submit(seq: 3, base: 3, .update(item: "y", label: "z")).ackValue?.duplicate == true)
        #expect(try alice.submit(seq: 4, base: 3, .update(item: "y", label: "z")).ackValue?.version == 4)
    }
}
