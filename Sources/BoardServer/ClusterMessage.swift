import BoardSync

/// What the servers of a cluster tell each other besides the store: hints that boards moved
/// on (the ops themselves are read from the store), and the presence and drags of their
/// clients, which never go through the op log. Carried by a `ClusterChannel`.
///
/// As text (a PostgreSQL NOTIFY payload): a header line `NODE<TAB>KIND:SERIAL[<TAB>BOARD]`, then
/// one line per entry: `BOARD<TAB>VERSION` for a commit hint; for activity a wire message as the
/// protocol writes it (`presence` for a peer, `drag` for a drag), or a bare client id for a
/// leave. A state goes in as many payloads as it needs (`ClusterStatePart`), which a
/// `ClusterPayloadReader` puts together again. Node names, board names and client ids hold
/// neither tabs nor line breaks, and wire JSON never holds a raw line break. The serial, a
/// number of the sender's for each message it sends, makes every payload unique: PostgreSQL
/// delivers identical payloads of one transaction only once, and a client that joins, leaves
/// and joins again within one of the sender's transactions sends the same `joined` twice.
struct ClusterMessage: Equatable, Sendable {
    /// What a message says.
    enum Body: Equatable, Sendable {
        /// The sending server committed these boards up to these versions.
        case committed([BoardName: Int])
        /// The sender is alive (sent about once a second while it serves boards).
        case beat
        /// The sender asks every server for the state of `board` (every board when nil).
        case want(board: BoardName?)
        /// Presence or a drag of the sender's clients on `board` (a state goes as `state`).
        case activity(board: BoardName, RemoteActivity)
        /// Everything the sender has on `board`, or on every board when nil: its clients and
        /// their drags on each board listed; a board not listed has none of them.
        case state(board: BoardName?, [BoardName: BoardState])
        /// The sender stops: its clients are gone.
        case bye
        /// The sender moved `board` to the trash: every server closes its connections with 4410.
        case deleted(board: BoardName)
        /// The sender brought `board` back from the trash.
        case restored(board: BoardName)
    }

    /// The sender's clients on one board and their drags, as a state lists them.
    struct BoardState: Equatable, Sendable {
        var peers: [ServerMessage.Peer] = []
        var drags: [ServerMessage.Drag] = []

        var isEmpty: Bool { peers.isEmpty && drags.isEmpty }
    }

    let node: String
    let body: Body

    /// Payloads stay below PostgreSQL's limit of 8,000 bytes.
    static let maxPayloadBytes = 7_900

    /// The payloads of this message: one, except a commit hint of many boards and a state too
    /// large for one payload, which are split. `serial` tells this message's state apart from
    /// the sender's other ones: a different number for each message sent.
    func encoded(serial: UInt64) -> [String] {
        let header = { (kind: String, board: BoardName?) in Self.header(node, kind, serial, board) }
        switch body {
        case .committed(let heads):
            var payloads: [String] = []
            var current = header("committed", nil)
            for board in heads.keys.sorted() {
                let line = "\n\(board)\t\(heads[board]!)"
                if current.utf8.count + line.utf8.count > Self.maxPayloadBytes {
                    payloads.append(current)
                    current = header("committed", nil)
                }
                current += line
            }
            return payloads + [current]
        case .beat:
            return [header("beat", nil)]
        case .want(let board):
            return [header("want", board)]
        case .bye:
            return [header("bye", nil)]
        case .deleted(let board):
            return [header("deleted", board)]
        case .restored(let board):
            return [header("restored", board)]
        case .activity(let board, let activity):
            return [Self.encode(activity, board: board, node: node, serial: serial)]
        case .state(let board, let boards):
            return ClusterStatePart.split(node: node, serial: serial, board: board, boards: boards)
        }
    }

    /// A wire message as one line of a payload.
    static func line(_ message: ServerMessage) -> String { String(decoding: WireCodec.encode(message), as: UTF8.self) }

    /// A peer as a line of a payload: its `presence` join.
    static func line(_ peer: ServerMessage.Peer) -> String {
        line(.presence(.init(action: .join, client: peer.client, user: peer.user)))
    }

    /// The header line `NODE<TAB>KIND:SERIAL[<TAB>BOARD]`.
    private static func header(_ node: String, _ kind: String, _ serial: UInt64, _ board: BoardName?) -> String {
        "\(node)\t\(kind):\(serial)" + (board.map { "\t\($0)" } ?? "")
    }

    private static func encode(_ activity: RemoteActivity, board: BoardName, node: String, serial: UInt64) -> String {
        switch activity {
        case .joined(let client, let user, _):
            return header(node, "joined", serial, board) + "\n" + line(.init(client: client, user: user))
        case .left(let client, _):
            return header(node, "left", serial, board) + "\n\(client)"
        case .drag(let drag, _):
            return header(node, "drag", serial, board) + "\n" + line(.drag(drag))
        case .nodeLost:
            return header(node, "bye", serial, nil)
        case .leaseLost, .state:
            // Worked out by each server for itself, or sent as `Body.state`; readers ignore the kind.
            return header(node, "local", serial, nil)
        }
    }

    /// Reads a payload of a whole message; nil for one this server does not understand (it is
    /// ignored), and for a part of a state (see `ClusterPayloadReader`).
    static func decode(_ payload: String) -> ClusterMessage? {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: "\t").map(String.init)
        guard header.count >= 2 else { return nil }
        let node = header[0]
        var board: BoardName?
        if header.count > 2 {
            guard let name = BoardName(header[2]) else { return nil }
            board = name
        }
        let entries = Array(lines.dropFirst())
        let kind = header[1].split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        switch kind {
        case "committed":
            var heads: [BoardName: Int] = [:]
            for entry in entries {
                let fields = entry.split(separator: "\t")
                guard fields.count == 2, let name = BoardName(String(fields[0])), let version = Int(fields[1]) else {
                    return nil
                }
                heads[name] = version
            }
            return ClusterMessage(node: node, body: .committed(heads))
        case "beat": return ClusterMessage(node: node, body: .beat)
        case "bye": return ClusterMessage(node: node, body: .bye)
        case "want": return ClusterMessage(node: node, body: .want(board: board))
        case "deleted":
            guard let board else { return nil }
            return ClusterMessage(node: node, body: .deleted(board: board))
        case "restored":
            guard let board else { return nil }
            return ClusterMessage(node: node, body: .restored(board: board))
        default:
            guard let board, let activity = activity(kind, entries, node: node) else { return nil }
            return ClusterMessage(node: node, body: .activity(board: board, activity))
        }
    }

    private static func activity(_ kind: String, _ entries: [String], node: String) -> RemoteActivity? {
        var read = BoardState()
        for entry in entries where kind != "left" {
            guard read.add(entry) else { return nil }
        }
        let (peers, drags) = (read.peers, read.drags)
        switch kind {
        case "joined":
            guard peers.count == 1, drags.isEmpty else { return nil }
            return .joined(client: peers[0].client, user: peers[0].user, node: node)
        case "left":
            guard entries.count == 1, !entries[0].isEmpty else { return nil }
            return .left(client: ClientID(entries[0]), node: node)
        case "drag":
            guard drags.count == 1, peers.isEmpty else { return nil }
            return .drag(drags[0], node: node)
        default:
            return nil
        }
    }
}

extension ClusterMessage.BoardState {
    /// Adds the peer (a `presence` join) or drag a payload line holds; false for any other line.
    mutating func add(_ line: some StringProtocol) -> Bool {
        switch try? WireCodec.decodeServerMessage(Array(line.utf8)) {
        case .presence(let presence) where presence.action == .join:
            peers.append(.init(client: presence.client, user: presence.user))
        case .drag(let drag): drags.append(drag)
        default: return false
        }
        return true
    }
}
