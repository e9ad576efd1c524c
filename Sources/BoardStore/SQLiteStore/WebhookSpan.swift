import BoardSync

/// The versions of one board that one commit announces to each webhook URL, as the SQLite
/// outbox keeps them (`webhook_spans`): a commit writes one short row per board and URL, and the
/// deliveries (an op committed alone, or a whole group, each) are made from the ops when sent.
struct WebhookSpan: Equatable {
    /// The board of the ops.
    var board: BoardName
    /// The first version of the span.
    var first: Int
    /// The last version of the span.
    var last: Int
    /// How many deliveries its ops make.
    var deliveries: Int
    /// The commit time of its ops.
    var due: CommitTime

    /// A span holds at most this many versions, so that a delivery's place in the outbox (its
    /// span's position and its index in the span, `outboxPosition`) fits in 64 bits; a group
    /// is never cut.
    static let versionsLimit = 1 << 16

    /// The bits of a delivery's place in the outbox that hold its index in its span.
    static let indexBits: Int64 = 20

    /// The place in the outbox of the delivery at `index` of the span at `position`: places
    /// increase through a lane as its deliveries go out.
    static func outboxPosition(span position: Int64, index: Int) -> Int64 {
        position << indexBits | Int64(index)
    }

    /// The span's position and the delivery's index in it, of a place made by `outboxPosition`.
    static func spanAndIndex(of place: Int64) -> (span: Int64, index: Int) {
        (place >> indexBits, Int(place & (1 << indexBits - 1)))
    }

    /// The id of the delivery at `index` of a span whose first delivery's id is `nonce` (32
    /// hexadecimal digits): the nonce with `index` added to its lower 64 bits, so that every
    /// delivery of the span has its own id and keeps it on every attempt.
    static func deliveryID(nonce: String, index: Int) -> String {
        guard index > 0, nonce.utf8.count == 32, let low = UInt64(nonce.suffix(16), radix: 16) else { return nonce }
        let digits = String(low &+ UInt64(index), radix: 16)
        return nonce.prefix(16) + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The deliveries `ops` (consecutive versions of one board) make, in order: an op committed
    /// alone is one, and the members of a group, which carry its `first`, are one together.
    static func deliveries(of ops: [SequencedOp]) -> [ArraySlice<SequencedOp>] {
        var result: [ArraySlice<SequencedOp>] = []
        var start = 0
        while start < ops.count {
            var end = start + 1
            if let group = ops[start].group {
                while end < ops.count, ops[end].group?.first == group.first { end += 1 }
            }
            result.append(ops[start..<end])
            start = end
        }
        return result
    }
}

extension CommitBatch {
    /// The spans of this batch's ops, board by board in the order they were committed; a board's
    /// ops of one batch are consecutive versions, and more than `WebhookSpan.versionsLimit` of
    /// them are cut into several spans between two deliveries.
    func webhookSpans() -> [WebhookSpan] {
        var spans: [WebhookSpan] = []
        var start = 0
        while start < ops.count {
            let board = ops[start].board
            var end = start
            var deliveries = 0
            while end < ops.count, ops[end].board == board {
                let startsDelivery = ops[end].op.group.map { $0.first == ops[end].op.version } ?? true
                if startsDelivery {
                    if end - start >= WebhookSpan.versionsLimit { break }
                    deliveries += 1
                }
                end += 1
            }
            spans.append(
                WebhookSpan(
                    board: board, first: ops[start].op.version, last: ops[end - 1].op.version,
                    deliveries: max(deliveries, 1), due: ops[start].committedAt))
            start = end
        }
        return spans
    }
}
