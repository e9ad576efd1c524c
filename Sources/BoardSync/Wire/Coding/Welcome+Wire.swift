extension ServerMessage.Welcome {
    /// Reads a welcome: a `board` and `ops` together conflict, whatever else is wrong; a reader
    /// in written order reads the board first and then finds whether `ops` follows.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let state: State
        if reader.readsInWrittenOrder, try reader.optionalValue("board") != nil {
            state = .board(try reader.nested("board", Board.init(wire:)))
            if try reader.optionalValue("ops") != nil { throw Self.boardAndOps }
        } else {
            let hasBoard = try reader.optionalValue("board") != nil
            let hasOps = try reader.optionalValue("ops") != nil
            if hasBoard && hasOps { throw Self.boardAndOps }
            state = hasOps ? .ops(try Self.ops(from: &reader)) : .board(try reader.nested("board", Board.init(wire:)))
        }
        self.init(
            state: state,
            you: try reader.nested("you", ServerMessage.You.init(wire:)),
            peers: try reader.objects("peers", ServerMessage.Peer.init(wire:)),
            drags: try reader.objects("drags") { (element: inout Reader) throws(WireError) in
                try element.expectType("drag")
                return try ServerMessage.Drag(wire: &element)
            },
            lastSeq: try reader.integer("lastSeq"))
    }

    private static let boardAndOps = WireError.conflictingFields("welcome carries both \"board\" and \"ops\"")

    private static func ops<Reader: FieldReading>(
        from reader: inout Reader
    ) throws(WireError) -> [SequencedOp] {
        try reader.objects("ops") { (element: inout Reader) throws(WireError) in
            try element.expectType("op")
            return try SequencedOp(opMessage: &element)
        }
    }

    func write(to writer: inout JSONWriter) {
        writer.beginMessage("welcome")
        switch state {
        case .board(let board):
            writer.key("board")
            board.write(to: &writer)
        case .ops(let ops):
            writer.key("ops")
            writer.beginArray()
            for op in ops { op.writeOpMessage(to: &writer) }
            writer.endArray()
        }
        writer.key("you")
        you.write(to: &writer)
        writer.key("peers")
        writer.beginArray()
        for peer in peers { peer.write(to: &writer) }
        writer.endArray()
        writer.key("drags")
        writer.beginArray()
        for drag in drags { drag.write(to: &writer) }
        writer.endArray()
        writer.key("lastSeq")
        writer.integer(lastSeq)
        writer.endObject()
    }
}

extension ServerMessage.You {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(
            client: try ClientID(reader.string("client")), user: try reader.string("user"),
            role: try reader.word("role", as: Role.self))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        writer.key("role")
        writer.string(role.rawValue)
        writer.endObject()
    }
}

extension ServerMessage.Peer {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        self.init(client: try ClientID(reader.string("client")), user: try reader.string("user"))
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("client")
        writer.string(client.rawValue)
        writer.key("user")
        writer.string(user)
        writer.endObject()
    }
}
