import BoardSync
import TestSupport

extension CoreBenchmark {
    /// How many messages one run of a decode case decodes.
    static let decodedPerRun = 100_000

    /// How many different frames a decode case cycles through (seeded ids and positions).
    static let distinctFrames = 1_000

    /// Decoding the hot wire messages from their bytes: what the server reads (`submit`, `drag`
    /// over) and what clients read (`ack`, `op`, `drag`), 100,000 messages a run, and a welcome
    /// carrying a board of 10,000 items.
    static var wireDecodingCases: [CoreBenchCase] {
        [
            clientDecodeCase("decode 100,000 submits of a move (server)") { generator in
                .submit(.init(seq: Int.random(in: 1...1_000_000, using: &generator), base: 4_211, op: move(&generator)))
            },
            clientDecodeCase("decode 100,000 drag overs (server)") { generator in
                let op = move(&generator)
                guard case .move(let item, let from, let to) = op else { preconditionFailure("not a move") }
                return .drag(.over(item: item, base: 4_211, from: from, to: to))
            },
            serverDecodeCase("decode 100,000 acks of a move (client)") { generator in
                .ack(.init(seq: Int.random(in: 1...1_000_000, using: &generator), version: 4_212, op: move(&generator)))
            },
            serverDecodeCase("decode 100,000 ops of a move (client)") { generator in
                .op(.init(version: 4_212, client: "client-7f3a", user: "Ada Lovelace", seq: 0, op: move(&generator)))
            },
            serverDecodeCase("decode 100,000 drag overs (client)") { generator in
                let op = move(&generator)
                guard case .move(let item, let from, let to) = op else { preconditionFailure("not a move") }
                return .drag(
                    .init(
                        action: .over, client: "client-7f3a", user: "Ada Lovelace", item: item, from: from, to: to,
                        version: 4_212))
            },
            welcomeDecodeCase,
        ]
    }

    /// A random move between two of ten sections, as the load's writers make them.
    static func move(_ generator: inout SeededGenerator) -> Op {
        let from = Position(
            section: "s\(Int.random(in: 0..<10, using: &generator))",
            index: Int.random(in: 0..<1_000, using: &generator))
        let to = Position(
            section: "s\(Int.random(in: 0..<10, using: &generator))",
            index: Int.random(in: 0..<1_000, using: &generator))
        return .move(item: "i\(Int.random(in: 0..<10, using: &generator))-\(from.index)", from: from, to: to)
    }

    static func frames(_ make: (inout SeededGenerator) -> [UInt8]) -> [[UInt8]] {
        var generator = SeededGenerator(seed: seed ^ 0xDEC0DE)
        return (0..<distinctFrames).map { _ in make(&generator) }
    }

    static func clientDecodeCase(
        _ name: String, message: @escaping @Sendable (inout SeededGenerator) -> ClientMessage
    ) -> CoreBenchCase {
        decodeCase(name, encode: { WireCodec.encode(message(&$0)) }, decode: decodeClientFrames)
    }

    static func serverDecodeCase(
        _ name: String, message: @escaping @Sendable (inout SeededGenerator) -> ServerMessage
    ) -> CoreBenchCase {
        decodeCase(name, encode: { WireCodec.encode(message(&$0)) }, decode: decodeServerFrames)
    }

    /// A case decoding `decodedPerRun` of the frames `encode` makes, with `decode`.
    static func decodeCase(
        _ name: String, encode: @escaping @Sendable (inout SeededGenerator) -> [UInt8],
        decode: @escaping @Sendable ([[UInt8]], Int) -> Int
    ) -> CoreBenchCase {
        CoreBenchCase(name: name, n: decodedPerRun) {
            let input = frames(encode)
            let timing = BenchTiming.median(minimum: 3, maximum: 50, budgetSeconds: 2) {
                decode(input, decodedPerRun)
            }
            return decodeResult(name, n: decodedPerRun, decoding: decodedPerRun, timing)
        }
    }

    /// A welcome with a snapshot of 10,000 items in 10 sections, decoded once a run.
    static var welcomeDecodeCase: CoreBenchCase {
        let name = "decode a welcome with a board of 10,000 items (client)"
        return CoreBenchCase(name: name, n: 10_000) {
            let welcome = ServerMessage.welcome(
                .init(
                    state: .board(largeBoard(sections: 10, itemsPerSection: 1_000)),
                    you: .init(client: "client-7f3a", user: "Ada Lovelace", role: .editor), lastSeq: 12))
            let input = [WireCodec.encode(welcome)]
            let timing = BenchTiming.median(minimum: 3, maximum: 200, budgetSeconds: 2) {
                decodeServerFrames(input, count: 1)
            }
            return decodeResult(name, n: 10_000, decoding: 1, timing)
        }
    }

    /// The result of a decode case; every one of the `expected` messages of a run must decode.
    static func decodeResult(
        _ name: String, n: Int, decoding expected: Int, _ timing: (milliseconds: Double, runs: Int, result: Int)
    ) -> CoreBenchResult {
        precondition(timing.result == expected, "\(name): \(expected - timing.result) messages refused")
        return CoreBenchResult(
            name: name, n: n, medianMilliseconds: timing.milliseconds, runs: timing.runs, moves: nil,
            peerMedianMilliseconds: nil, peerRuns: nil, peerMoves: nil)
    }

    /// Decodes `count` frames as the server reads them, cycling through `frames`; returns how many
    /// decoded. Kept out of line so that callgrind can count exactly this
    /// (`--toggle-collect='*decodeClientFrames*'`).
    @inline(never)
    static func decodeClientFrames(_ frames: [[UInt8]], count: Int) -> Int {
        var decoded = 0
        for index in 0..<count where (try? WireCodec.receiveClientMessage(frames[index % frames.count])) != nil {
            decoded += 1
        }
        return decoded
    }

    /// Decodes `count` frames as a client reads them, cycling through `frames`; returns how many
    /// decoded (callgrind: `--toggle-collect='*decodeServerFrames*'`).
    @inline(never)
    static func decodeServerFrames(_ frames: [[UInt8]], count: Int) -> Int {
        var decoded = 0
        for index in 0..<count where (try? WireCodec.decodeServerMessage(frames[index % frames.count])) != nil {
            decoded += 1
        }
        return decoded
    }
}
