import BoardSync
import Foundation
import TestSupport
import Testing

/// Protocol section 5: a second connection with the same client id replaces the first (4409)
/// (in-process).
@Suite("replaced connections")
struct ReplacedConnectionTests {
    @Test func secondConnectionWithTheSameClientReplacesTheFirst() throws {
        let server = try InProcessServer()
        defer { server.finish() }
        let url = server.url(board: "replace")
        let (watcher, _) = try server.joined(url, user: "watcher")
        let (first, _) = try server.joined(url, client: "same-client", user: "first")
        #expect(try watcher.receive().presenceValue?.action == .join)
        let (second, welcome) = try server.joined(url, client: "same-client", user: "second")
        #expect(welcome.peers == [.init(client: watcher.client, user: "watcher")])
        #expect(try first.closeCode() == 4409)
        let seen = try watcher.probe()
        #expect(seen.allSatisfy { $0.presenceValue == nil }, "a replacement sends no presence: \(seen)")
        try second.probe()
    }
}
