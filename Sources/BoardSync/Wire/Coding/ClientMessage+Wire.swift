extension ClientMessage {
    /// Reads a client message object, checking `hello.client` and `hello.user` as well.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let type = try reader.string("type")
        switch type {
        case "hello":
            let hello = Hello(
                client: try ClientID(reader.string("client")), user: try reader.string("user"),
                since: try reader.optionalInteger("since"))
            guard Validation.isIdentifier(hello.client.rawValue) else { throw .invalidIdentifier("client") }
            if let problem = Validation.checkText(hello.user, limit: Validation.userLimit) {
                throw .invalidText(field: "user", problem)
            }
            self = .hello(hello)
        case "submit":
            self = .submit(try Submit(wire: &reader))
        case "drag":
            self = .drag(try Drag(wire: &reader))
        default:
            throw .unknownType(type)
        }
    }

    /// Writes the message: `type` first, then the fields in the order of the protocol's table.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        switch self {
        case .hello(let hello):
            writer.key("client")
            writer.string(hello.client.rawValue)
            writer.key("user")
            writer.string(hello.user)
            if let since = hello.since {
                writer.key("since")
                writer.integer(since)
            }
        case .submit(let submit):
            writer.key("seq")
            writer.integer(submit.seq)
            writer.key("base")
            writer.integer(submit.base)
            if submit.isGroup {
                writer.key("ops")
                writer.beginArray()
                for op in submit.ops { op.write(to: &writer) }
                writer.endArray()
                if let restores = submit.restores {
                    writer.key("restores")
                    writer.integer(restores)
                }
            } else {
                writer.key("op")
                submit.op.write(to: &writer)
            }
        case .drag(let drag):
            writer.key("action")
            writer.string(drag.action.rawValue)
            if let items = drag.blockItems {
                writer.key("items")
                writer.identifiers(items)
            } else {
                writer.key("item")
                writer.string(drag.item.rawValue)
            }
            switch drag {
            case .over(_, let base, let from, let to):
                writer.key("base")
                writer.integer(base)
                writer.key("from")
                from.write(to: &writer)
                writer.key("to")
                to.write(to: &writer)
            case .overBlock(_, let base, let to):
                writer.key("base")
                writer.integer(base)
                writer.key("to")
                to.write(to: &writer)
            default:
                break
            }
        }
        writer.endObject()
    }
}

extension ClientMessage.Drag {
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let action = try reader.action(DragAction.self)
        if let items = try reader.blockItems() {
            switch action {
            case .begin: self = .beginBlock(items: items)
            case .over:
                self = .overBlock(
                    items: items, base: try reader.integer("base"), to: try reader.nested("to", Position.init(wire:)))
            case .cancel: self = .cancelBlock(items: items)
            }
            return
        }
        let item = try ItemID(reader.string("item"))
        switch action {
        case .begin:
            self = .begin(item: item)
        case .over:
            self = .over(
                item: item, base: try reader.integer("base"), from: try reader.nested("from", Position.init(wire:)),
                to: try reader.nested("to", Position.init(wire:)))
        case .cancel:
            self = .cancel(item: item)
        }
    }
}

extension ClientMessage.Submit {
    /// Reads `seq`, `base` and exactly one of `op` and `ops` (1 to 500 members), and for a
    /// group `restores`, a version no higher than `base`.
    init<Reader: FieldReading>(wire reader: inout Reader) throws(WireError) {
        let seq = try reader.integer("seq", minimum: 1)
        let base = try reader.integer("base")
        let restores = try reader.optionalInteger("restores")
        if let restores, restores > base { throw .outOfRange("restores") }
        if let op = try reader.optionalNested("op", Op.init(wire:)) {
            if try reader.optionalValue("ops") != nil {
                throw .conflictingFields("submit must carry \"op\" or \"ops\", not both")
            }
            if restores != nil {
                throw .conflictingFields("only a submit of \"ops\" carries \"restores\"")
            }
            self.init(seq: seq, base: base, op: op)
            return
        }
        guard try reader.optionalValue("ops") != nil else { throw .missingField("op") }
        let ops = try reader.objects("ops", Op.init(wire:))
        guard (1...Self.maxGroupMembers).contains(ops.count) else {
            throw .outOfRange("ops")
        }
        self.init(seq: seq, base: base, ops: ops, restores: restores)
    }
}

extension FieldReading {
    /// A drag's `items` (protocol 10.2: 1 to 100 distinct item ids), or nil when the drag names
    /// one `item`; both is `bad_message`.
    mutating func blockItems() throws(WireError) -> [ItemID]? {
        guard try optionalValue("items") != nil else { return nil }
        if try optionalValue("item") != nil {
            throw .conflictingFields("a drag names \"item\" or \"items\", not both")
        }
        let items = try strings("items").map(ItemID.init)
        guard (1...ClientMessage.Drag.maxBlockItems).contains(items.count) else { throw .outOfRange("items") }
        for (index, item) in items.enumerated() where items[..<index].contains(item) {
            throw .conflictingFields("\"items\" names \(item) twice")
        }
        return items
    }
}

extension JSONWriter {
    /// An array of ids, as a block's `items`.
    mutating func identifiers(_ ids: [ItemID]) {
        beginArray()
        for id in ids { string(id.rawValue) }
        endArray()
    }
}
