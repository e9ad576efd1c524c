import Foundation
import TestSupport
import Testing

/// Who may read `/metrics`: loopback peers, or the metrics token's bearer.
@Suite("board-server metrics access")
struct AccessMetricsTests {
    @Test func metricsAreOpenToLoopbackOrNeedTheMetricsToken() throws {
        let open = try InProcessServer()
        defer { open.finish() }
        let page = open.get("/metrics")
        #expect(page.status == 200)
        #expect(page.body.contains("boardsync_connections"))
        #expect(open.get("/metrics", peer: "192.0.2.7").status == 403)

        let secret = AccessFixture.secret()
        let guarded = try InProcessServer(arguments: ["--metrics-token", secret])
        defer { guarded.finish() }
        #expect(guarded.get("/metrics").status == 401)
        #expect(guarded.get("/metrics", headers: ["Authorization": "Bearer nope"]).status == 401)
        let allowed = guarded.get("/metrics", headers: ["Authorization": "Bearer \(secret)"])
        #expect(allowed.status == 200)
        #expect(
            guarded.get("/metrics", headers: ["Authorization": "Bearer \(secret)"], peer: "192.0.2.7").status == 200)
        #expect(guarded.get("/healthz").status == 200)
    }
}
