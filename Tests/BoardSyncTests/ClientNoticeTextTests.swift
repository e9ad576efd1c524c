import BoardSync
import Testing

/// Every notice has its words, the same for every client shell.
@Suite struct ClientNoticeTextTests {
    private func label(_ id: ItemID) -> String { id == "a" ? "Mail" : id.rawValue }

    @Test func everyNoticeInWords() {
        let cases: [(ClientNotice, String)] = [
            (.remoteAction("bob moved Mail to Done"), "bob moved Mail to Done"),
            (.refused(code: .limit, message: "slow down"), "refused (limit): slow down"),
            (.locked(item: "a", message: "held by bob"), "locked: held by bob"),
            (.dropOverridden(item: "a", by: "bob"), "bob moved Mail right after your drop"),
            (.dragLost(item: "a", by: "bob"), "Mail was deleted by bob"),
            (.dragLost(item: "z", by: nil), "z was deleted by someone"),
            (.invalidEdit(.invalidText(.empty)), "not possible: empty label or title"),
            (.viewOnly, "view only: this board cannot be changed from here"),
        ]
        for (notice, words) in cases {
            #expect(notice.text(label: label) == words)
        }
    }
}
