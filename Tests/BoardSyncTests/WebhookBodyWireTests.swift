import BoardSync
import TestSupport
import Testing

/// The body of a webhook delivery (protocol 1.2 section 12): written from ops, or from ops as a
/// store keeps them encoded, it is the same bytes.
@Suite struct WebhookBodyWireTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func op(_ version: Int, _ op: Op, group: GroupSpan? = nil) -> SequencedOp {
        SequencedOp(
            version: version, client: "c1", user: "ann \"the\" writer", seq: version, op: op, group: group,
            committedAt: CommitTime(milliseconds: 1_796_158_744_005))
    }

    private func head(of ops: [SequencedOp]) -> WebhookBodyHead {
        WebhookBodyHead(
            board: "team", version: ops[0].version, client: ops[0].client, user: ops[0].user,
            committedAt: CommitTime(milliseconds: 1_796_158_744_005), group: ops[0].group)
    }

    @Test func anOpAloneIsWrittenInTheProtocolsOrder() {
        let alone = [op(7, .update(item: "a1", label: "Ship it"))]
        #expect(
            text(WireCodec.encodeWebhookBody(board: "team", ops: alone))
                == #"{"board":"team","version":7,"client":"c1","user":"ann \"the\" writer","at":"2026-12-01T20:59:04.005Z","op":{"kind":"update","item":"a1","label":"Ship it"}}"#
        )
    }

    @Test func opsGivenEncodedMakeTheSameBodyAsOps() {
        let span = GroupSpan(first: 3, count: 2)
        let cases = [
            [op(7, .update(item: "a1", label: "Ship it"))],
            [
                op(3, .delete(item: "a1", from: Position(section: "s", index: 0)), group: span),
                op(
                    4, .move(item: "b2", from: Position(section: "s", index: 1), to: Position(section: "t", index: 0)),
                    group: span),
            ],
        ]
        for ops in cases {
            let encoded = ops.map { WireCodec.encodeOp($0.op) }
            #expect(
                WireCodec.encodeWebhookBody(head: head(of: ops), encodedOps: encoded)
                    == WireCodec.encodeWebhookBody(board: "team", ops: ops))
        }
        #expect(WireCodec.encodeWebhookBody(head: head(of: cases[0]), encodedOps: []).isEmpty)
    }
}
