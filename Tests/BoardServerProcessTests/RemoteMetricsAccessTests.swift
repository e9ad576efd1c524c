import Foundation
import TestSupport
import Testing

/// Who may read `/metrics` of a real board-server from another host: nobody without the metrics
/// token.
@Suite("board-server metrics access from another host")
struct RemoteMetricsAccessTests {
    @Test(.enabled(if: AccessRemotePeer.address != nil, "needs a non-loopback IPv4 address"))
    func metricsAreClosedToRemotePeersWithoutTheMetricsToken() throws {
        let address = try #require(AccessRemotePeer.address)
        let open = try ServerProcess(arguments: ["--host", "0.0.0.0", "--allow-anonymous"])
        defer { open.finish() }
        #expect(try AccessRemotePeer.status(host: address, port: open.port, path: "/metrics") == 403)
        #expect(try AccessRemotePeer.status(host: address, port: open.port, path: "/healthz") == 200)
        #expect(try AccessFixture.get(port: open.port, path: "/metrics").status == 200)

        let secret = AccessFixture.secret()
        let guarded = try ServerProcess(arguments: [
            "--host", "0.0.0.0", "--allow-anonymous", "--metrics-token", secret,
        ])
        defer { guarded.finish() }
        #expect(try AccessRemotePeer.status(host: address, port: guarded.port, path: "/metrics") == 401)
        #expect(
            try AccessRemotePeer.status(
                host: address, port: guarded.port, path: "/metrics", headers: ["Authorization": "Bearer \(secret)"])
                == 200)
    }
}
