import Testing

@testable import BoardSync

/// Seeded fuzzing: random messages round-trip exactly, and mutated or random bytes either decode
/// to a value that round-trips or are refused with a `WireError` — never a crash.
///
/// The loops compare plainly and record an issue (with the seed) only on a mismatch, so that
/// thousands of cases stay fast.
@Suite struct WireFuzzTests {
    private static let seeds: [UInt64] = [1, 0xB0A2D, 20_261_129]

    @Test(arguments: seeds)
    func randomMessagesRoundTripExactly(seed: UInt64) {
        var random = WireRandom(seed: seed)
        for iteration in 0..<600 {
            let client = random.clientMessage()
            if (try? WireCodec.decodeClientMessage(WireCodec.encode(client))) != client {
                Issue.record("seed \(seed) iteration \(iteration): \(client) did not round-trip")
            }
            let server = random.serverMessage()
            if (try? WireCodec.decodeServerMessage(WireCodec.encode(server))) != server {
                Issue.record("seed \(seed) iteration \(iteration): \(server) did not round-trip")
            }
            let board = random.board()
            if (try? WireCodec.decodeBoard(WireCodec.encodeBoard(board))) != board {
                Issue.record("seed \(seed) iteration \(iteration): \(board) did not round-trip")
            }
        }
    }

    @Test(arguments: seeds)
    func mutatedMessagesDecodeCanonicallyOrFailCleanly(seed: UInt64) {
        var random = WireRandom(seed: seed)
        var tally = Tally()
        for iteration in 0..<1_500 {
            check(random.mutatedMessage(), seed: seed, iteration: iteration, tally: &tally)
        }
        #expect(
            tally.decoded > 100 && tally.refused > 100,
            "seed \(seed): \(tally.decoded) decoded, \(tally.refused) refused")
    }

    @Test(arguments: seeds)
    func randomBytesNeverCrash(seed: UInt64) {
        var random = WireRandom(seed: seed)
        var tally = Tally()
        for iteration in 0..<1_500 {
            check(random.jsonishBytes(), seed: seed, iteration: iteration, tally: &tally)
        }
        #expect(tally.refused > 0)
    }

    private struct Tally {
        var decoded = 0
        var refused = 0
    }

    /// Decodes `bytes` both ways; whatever decodes must re-encode canonically and decode again to
    /// the same value; whatever is refused carries a message.
    private func check(_ bytes: [UInt8], seed: UInt64, iteration: Int, tally: inout Tally) {
        func fail(_ what: String) {
            Issue.record("seed \(seed) iteration \(iteration): \(what) for \(String(decoding: bytes, as: UTF8.self))")
        }
        do {
            let message = try WireCodec.decodeClientMessage(bytes)
            let canonical = WireCodec.encode(message)
            if (try? WireCodec.decodeClientMessage(canonical)) != message { fail("client message did not round-trip") }
            tally.decoded += 1
        } catch {
            if error.message.isEmpty { fail("empty message") }
            tally.refused += 1
        }
        do {
            let message = try WireCodec.decodeServerMessage(bytes)
            let canonical = WireCodec.encode(message)
            if (try? WireCodec.decodeServerMessage(canonical)) != message { fail("server message did not round-trip") }
            tally.decoded += 1
        } catch {
            if error.message.isEmpty { fail("empty message") }
            tally.refused += 1
        }
        if let value = try? JSONValue.parse(bytes), (try? JSONValue.parse(value.encoded)) != value {
            fail("JSON value did not round-trip")
        }
    }
}
