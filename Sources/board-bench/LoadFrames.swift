/// The text frames the load generator sends. Against the board server they are protocol v1
/// messages; against the relay they are shaped like what the server would deliver, so both
/// servers move frames of the same size. Labels carry the send time (`t` + monotonic
/// microseconds) so every receiver can measure delivery latency without a lookup.
enum LoadFrames {
    static let section = "main"

    static func hello(client: String, since: Int?) -> String {
        let since = since.map { ",\"since\":\($0)" } ?? ""
        return "{\"type\":\"hello\",\"client\":\"\(client)\",\"user\":\"bench\"\(since)}"
    }

    static func insert(seq: Int, base: Int, item: String, index: Int, sentAt: Int64) -> String {
        "{\"type\":\"submit\",\"seq\":\(seq),\"base\":\(base),\"op\":{\"kind\":\"insert\",\"item\":{\"id\":\"\(item)\","
            + "\"label\":\"t\(sentAt)\"},\"to\":{\"section\":\"\(section)\",\"index\":\(index)}}}"
    }

    static func update(seq: Int, base: Int, item: String, sentAt: Int64) -> String {
        "{\"type\":\"submit\",\"seq\":\(seq),\"base\":\(base),\"op\":{\"kind\":\"update\",\"item\":\"\(item)\","
            + "\"label\":\"t\(sentAt)\"}}"
    }

    /// What the relay forwards in place of a committed update: the size of the server's `op`.
    static func relayedUpdate(version: Int, client: String, item: String, sentAt: Int64) -> String {
        "{\"type\":\"op\",\"version\":\(version),\"client\":\"\(client)\",\"user\":\"bench\",\"op\":{\"kind\":\"update\","
            + "\"item\":\"\(item)\",\"label\":\"t\(sentAt)\"}}"
    }

    static func dragBegin(item: String) -> String {
        "{\"type\":\"drag\",\"action\":\"begin\",\"item\":\"\(item)\"}"
    }

    static func dragOver(item: String, base: Int, from: Int, to: Int) -> String {
        "{\"type\":\"drag\",\"action\":\"over\",\"item\":\"\(item)\",\"base\":\(base),"
            + "\"from\":{\"section\":\"\(section)\",\"index\":\(from)},\"to\":{\"section\":\"\(section)\",\"index\":\(to)}}"
    }

    /// What the relay forwards in place of a broadcast drag position.
    static func relayedDragOver(client: String, item: String, version: Int, from: Int, to: Int) -> String {
        "{\"type\":\"drag\",\"action\":\"over\",\"client\":\"\(client)\",\"user\":\"bench\",\"item\":\"\(item)\","
            + "\"from\":{\"section\":\"\(section)\",\"index\":\(from)},\"to\":{\"section\":\"\(section)\",\"index\":\(to)},"
            + "\"version\":\(version)}"
    }
}
