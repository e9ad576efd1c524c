import Foundation
import Locking
import WebSocketTransport

/// A closed-loop (or paced) load on boards served by one or more nodes, each connection a
/// blocking client on a thread of its own: writers insert tiles whose labels carry the send
/// time and the writer's node and delete them again, waiting for each ack; watchers record every op's delivery
/// latency, and separately those written through another node than theirs.
struct ClusterLoad: Sendable {
    /// Where one connection goes: a board on a node (an index into the node URLs).
    struct Placement: Sendable {
        let board: String
        let node: Int
    }

    /// What one run measured.
    struct Figures: Sendable {
        var acked = 0
        var seconds = 0.0
        var ack = LatencySamples()
        var delivery = LatencySamples()
        var crossNode = LatencySamples()
        var failures: [String] = []

        var ackedPerSecond: Double { Double(acked) / max(seconds, 1e-9) }
    }

    /// The nodes' base URLs (`ws://HOST:PORT`).
    let nodes: [String]
    let writers: [Placement]
    let watchers: [Placement]
    /// Measured seconds, after `warmUp`.
    let seconds: Double
    var warmUp = 0.5
    /// Ops per second over all writers, or nil for a closed loop.
    var rate: Double?
    /// The client context every connection shares (one service thread for the whole load).
    let context: ClientContext

    func run() -> Figures {
        let figures = Locked(Figures())
        let start = LoadClock.micros() + 1_000_000
        let measureFrom = start + Int64(warmUp * 1e6)
        let end = measureFrom + Int64(seconds * 1e6)
        var work: [@Sendable () -> Void] = []
        for (index, placement) in watchers.enumerated() {
            work.append { watch(placement, id: "w\(index)", from: measureFrom, until: end, into: figures) }
        }
        let perWriter = rate.map { $0 / Double(max(1, writers.count)) }
        for (index, placement) in writers.enumerated() {
            work.append {
                write(
                    placement, id: "a\(index)", perSecond: perWriter, start: start, from: measureFrom, until: end,
                    into: figures)
            }
        }
        let finished = DispatchGroup()
        for body in work {
            finished.enter()
            Thread {
                body()
                finished.leave()
            }.start()
        }
        _ = finished.wait(timeout: .now() + Double(end - LoadClock.micros()) / 1e6 + 30)
        var result = figures.withLock { $0 }
        result.seconds = seconds
        return result
    }

    private func connect(_ placement: Placement, client: String) throws -> (BlockingWebSocket, Int) {
        let socket = try BlockingWebSocket(
            url: "\(nodes[placement.node])/boards/\(placement.board)",
            options: ClientConnectOptions(subprotocols: ["boardsync.v1"]), timeout: 10, context: context)
        socket.send(#"{"type":"hello","client":"\#(client)","user":"bench"}"#)
        while true {
            let text = try socket.receiveText(timeout: 10)
            if text.contains(#""type":"welcome""#) {
                return (socket, Int(Self.number(after: #""version":"#, in: text) ?? 0))
            }
        }
    }

    private func write(
        _ placement: Placement, id: String, perSecond: Double?, start: Int64, from: Int64, until end: Int64,
        into figures: Locked<Figures>
    ) {
        let client = "\(id)-\(placement.board)"
        guard let (socket, welcomeVersion) = try? connect(placement, client: client) else {
            figures.withLock { $0.failures.append("\(client) could not connect") }
            return
        }
        var version = welcomeVersion
        var insertedAt = welcomeVersion
        var insertedIndex = 0
        var seq = 0
        while LoadClock.micros() < start { usleep(1_000) }
        while LoadClock.micros() < end {
            if let perSecond {
                let due = start + Int64(Double(seq) / perSecond * 1e6)
                let wait = due - LoadClock.micros()
                if wait > 0 { usleep(UInt32(wait)) }
            }
            seq += 1
            let sent = LoadClock.micros()
            // Odd seqs insert a tile at the top, even ones delete it again from where its ack
            // says it was committed (another writer's insert may have taken the top slot first),
            // so that the board keeps its size however long the run.
            let op =
                seq % 2 == 1
                ? #"{"kind":"insert","item":{"id":"\#(id)-\#(seq)","label":"t\#(sent) n\#(placement.node)"},"to":{"section":"main","index":0}}"#
                : #"{"kind":"delete","item":"\#(id)-\#(seq - 1)","from":{"section":"main","index":\#(insertedIndex)}}"#
            let base = seq % 2 == 1 ? version : insertedAt
            socket.send(#"{"type":"submit","seq":\#(seq),"base":\#(base),"op":\#(op)}"#)
            do {
                while true {
                    let text = try socket.receiveText(timeout: 30)
                    let seen = Self.number(after: #""version":"#, in: text).map { Int($0) }
                    if let seen { version = max(version, seen) }
                    if text.contains(#""type":"ack""#) {
                        insertedAt = seen ?? version
                        insertedIndex = Int(Self.number(after: #""index":"#, in: text) ?? 0)
                        break
                    }
                    if text.contains(#""type":"error""#) { throw ClusterLoadError.refused(text) }
                }
            } catch {
                figures.withLock { $0.failures.append("\(client): \(error)") }
                return
            }
            let acked = LoadClock.micros()
            guard sent >= from, acked <= end else { continue }
            figures.withLock {
                $0.acked += 1
                $0.ack.add(acked - sent)
            }
        }
        socket.close()
    }

    private func watch(
        _ placement: Placement, id: String, from: Int64, until end: Int64, into figures: Locked<Figures>
    ) {
        guard let (socket, _) = try? connect(placement, client: "\(id)-\(placement.board)") else {
            figures.withLock { $0.failures.append("watcher \(id) could not connect") }
            return
        }
        var delivery = LatencySamples()
        var crossNode = LatencySamples()
        while LoadClock.micros() < end + 2_000_000 {
            guard let text = try? socket.receiveText(timeout: 0.5) else { continue }
            let now = LoadClock.micros()
            guard text.contains(#""type":"op""#), let sent = Self.number(after: #""label":"t"#, in: text),
                let node = Self.number(after: " n", in: text), sent >= from, sent <= end
            else { continue }
            delivery.add(Int64(now) - Int64(sent))
            if node != placement.node { crossNode.add(Int64(now) - Int64(sent)) }
        }
        socket.close()
        figures.withLock {
            $0.delivery.append(contentsOf: delivery)
            $0.crossNode.append(contentsOf: crossNode)
        }
    }

    /// The whole number right after the first `marker` in `text`.
    static func number(after marker: String, in text: String) -> Int64? {
        guard let range = text.range(of: marker) else { return nil }
        var value: Int64 = 0
        var digits = 0
        for character in text[range.upperBound...] {
            guard let digit = character.wholeNumberValue else { break }
            value = value * 10 + Int64(digit)
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

enum ClusterLoadError: Error {
    case refused(String)
}
