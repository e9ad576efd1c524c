import BoardSync

/// One payload of a state (`ClusterMessage.Body.state`): a state holds as many clients and
/// drags as the sender has, so it goes in as many payloads as it needs, each below the
/// NOTIFY limit, and the receiver puts them together (`ClusterPayloadReader`).
///
/// As text: a header `NODE<TAB>state<TAB>SERIAL<TAB>INDEX<TAB>COUNT[<TAB>BOARD]` (part INDEX
/// of COUNT, from 1, of the sender's state number SERIAL; BOARD when the state is of one
/// board only), then one line per entry, `BOARD<TAB>` and the wire message (`presence` join of
/// a peer, or `drag`). A state with no entry is one part with none. The serial keeps two
/// states of one sender apart, also where PostgreSQL would fold identical payloads of one
/// transaction into one.
struct ClusterStatePart: Equatable, Sendable {
    let node: String
    let serial: UInt64
    /// This part's place among the state's parts, from 1 to `count`.
    var index: Int
    let count: Int
    /// The board the whole state is of, or nil for every board.
    let board: BoardName?
    /// The entries of this part, by board.
    var boards: [BoardName: ClusterMessage.BoardState]

    /// States of more parts than this are taken for garbage (about 79 MB of text).
    static let maxCount = 10_000

    /// The payloads of a state of `boards` (every board when `board` is nil), each at most
    /// `ClusterMessage.maxPayloadBytes` long.
    static func split(
        node: String, serial: UInt64, board: BoardName?, boards: [BoardName: ClusterMessage.BoardState]
    )
        -> [String]
    {
        let scope = board.map { "\t\($0)" } ?? ""
        // The longest header a part can have: index and count of as many digits as maxCount.
        let digits = String(maxCount).count
        let headerBytes = "\(node)\tstate\t\(serial)\t\t\(scope)".utf8.count + 2 * digits
        var bodies: [String] = []
        var body = ""
        for name in boards.keys.sorted() {
            let state = boards[name]!
            for text in state.peers.map(ClusterMessage.line) + state.drags.map({ ClusterMessage.line(.drag($0)) }) {
                let entry = "\n\(name)\t\(text)"
                if !body.isEmpty, headerBytes + body.utf8.count + entry.utf8.count > ClusterMessage.maxPayloadBytes {
                    bodies.append(body)
                    body = ""
                }
                body += entry
            }
        }
        bodies.append(body)
        return bodies.enumerated().map { offset, body in
            "\(node)\tstate\t\(serial)\t\(offset + 1)\t\(bodies.count)\(scope)" + body
        }
    }

    /// Reads a payload that is a part of a state; nil for any other payload, and for a part
    /// this server does not understand.
    init?(payload: String) {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard header.count == 5 || header.count == 6, header[1] == "state", let serial = UInt64(header[2]),
            let index = Int(header[3]), let count = Int(header[4]), count <= Self.maxCount, (1...count).contains(index)
        else { return nil }
        var boards: [BoardName: ClusterMessage.BoardState] = [:]
        for line in lines.dropFirst() {
            guard let tab = line.firstIndex(of: "\t"), let name = BoardName(String(line[..<tab])) else { return nil }
            guard boards[name, default: .init()].add(line[line.index(after: tab)...]) else { return nil }
        }
        var board: BoardName?
        if header.count == 6 {
            guard let name = BoardName(header[5]) else { return nil }
            board = name
        }
        if let board, boards.keys.contains(where: { $0 != board }) { return nil }
        self.init(node: header[0], serial: serial, index: index, count: count, board: board, boards: boards)
    }

    init(
        node: String, serial: UInt64, index: Int, count: Int, board: BoardName?,
        boards: [BoardName: ClusterMessage.BoardState]
    ) {
        self.node = node
        self.serial = serial
        self.index = index
        self.count = count
        self.board = board
        self.boards = boards
    }
}
