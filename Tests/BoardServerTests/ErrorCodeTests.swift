import BoardSync
import Foundation
import TestSupport
import Testing

/// Every error code of protocol section 6, each followed by proof that the connection still
/// works (in-process).
@Suite("error codes")
struct ErrorCodeTests {
    @Test func badMessageForGarbageArraysMissingFieldsAndHelloOrder() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let client = try server.client(board: "badmessage")
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
        let server = try InProcessServer()
        defer { server.finish() }
        let (client, _) = try server.joined(board: "badop")
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
        let server = try InProcessServer(arguments: ["--max-items", "3", "--max-sections", "2"])
        defer { server.finish() }
        let (client, _) = try server.joined(board: "limits")
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
        let server = try InProcessServer(arguments: ["--rate-burst", "5", "--rate-per-second", "1"])
        defer { server.finish() }
        let client = try server.client(board: "rate")
        client.send(.hello(.init(client: client.client, user: "tester")))
        for index in 0..<4 { client.send(.drag(.begin(item: "unknown\(index)"))) }
        client.send(.submit(.init(seq: 1, base: 0, op: Ops.insert("late"))))
        _ = try client.receive { $0.welcomeValue }
        for _ in 0..<4 { #expect(try client.nextError().code == .badOp) }
        let refused = try client.nextError()
        #expect(refused.code == .limit)
        #expect(refused.seq == 1)
        var answer: ServerMessage?
        var recovered = false
        for _ in 0..<20 where !recovered {
            server.advance(by: 0.3)
            answer = try client.submit(seq: 1, base: 0, Ops.insert("late"))
            recovered = answer?.ackValue != nil
        }
        #expect(recovered, "the connection never accepted a submit again: \(String(describing: answer))")
        #expect(answer?.ackValue == .init(seq: 1, version: 1, op: Ops.insert("late")))
    }

    @Test func staleBaseAboveTheVersionOrOlderThanTheRetainedOps() throws {
        let server = try InProcessServer(arguments: ["--retain-ops", "2"])
        defer { server.finish() }
        let (client, _) = try server.joined(board: "stale")
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

    @Test func lockedNamesTheHolder() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "locked"
        let (alice, _) = try server.joined(board: name, user: "alice")
        _ = try alice.submit(seq: 1, base: 0, Ops.insert("tile"))
        let (bob, _) = try server.joined(board: name, user: "bob")
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
        let server = try InProcessServer()
        defer { server.finish() }
        let (client, _) = try server.joined(board: "dup")
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
        let board = try server.snapshot("dup")
        #expect(board.version == 2)
        #expect(board.sections[0].items.map(\.id) == ["five", "once"])
    }

    @Test func opOnAConcurrentlyDeletedItemIsANoop() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let name = "noop"
        let (alice, _) = try server.joined(board: name, user: "alice")
        let (bob, _) = try server.joined(board: name, user: "bob")
        _ = try alice.submit(seq: 1, base: 0, Ops.insert("x"))
        _ = try alice.submit(seq: 2, base: 1, Ops.insert("y"))
        #expect(try bob.submit(seq: 1, base: 2, Ops.delete("x", at: 1)).ackValue?.version == 3)
        let answer = try alice.submit(seq: 3, base: 2, Ops.move("x", from: ("main", 1), to: ("main", 0)))
        #expect(answer == .ack(.init(seq: 3, version: 3, op: nil)))
        #expect(try alice.submit(seq: 3, base: 3, .update(item: "y", label: "z")).ackValue?.duplicate == true)
        #expect(try alice.submit(seq: 4, base: 3, .update(item: "y", label: "z")).ackValue?.version == 4)
    }
}
