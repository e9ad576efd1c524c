import BoardSync

extension CommitBatch {
    /// The deliveries that announce this batch's ops to each of `urls`: one per op committed
    /// alone and one per group (consecutive ops of one board that carry the same group), each
    /// with a new random id, in the batch's order.
    func webhookDeliveries(to urls: [String]) -> [WebhookDelivery] {
        guard !urls.isEmpty, !ops.isEmpty else { return [] }
        var deliveries: [WebhookDelivery] = []
        var start = 0
        while start < ops.count {
            var end = start + 1
            if let group = ops[start].op.group {
                while end < ops.count, ops[end].board == ops[start].board, ops[end].op.group?.first == group.first {
                    end += 1
                }
            }
            let members = ops[start..<end].map(\.op)
            let first = ops[start]
            let body = String(decoding: WireCodec.encodeWebhookBody(board: first.board, ops: members), as: UTF8.self)
            for url in urls {
                deliveries.append(
                    WebhookDelivery(
                        url: url, board: first.board, version: first.op.version, id: Self.newDeliveryID(), body: body,
                        due: first.committedAt))
            }
            start = end
        }
        return deliveries
    }

    /// 128 random bits as 32 lowercase hexadecimal digits.
    static func newDeliveryID() -> String {
        var generator = SystemRandomNumberGenerator()
        let halves = [generator.next(), generator.next()] as [UInt64]
        return halves.map(\.sixteenHexDigits).joined()
    }
}
