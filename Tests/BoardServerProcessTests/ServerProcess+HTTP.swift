import TestSupport
import Testing

extension ServerProcess {
    /// The server's metrics as sample name (with labels) to value, over HTTP; every line but
    /// comments must be a sample.
    func metrics() throws -> [String: Double] {
        let response = try HTTPProbe.get(port: port, path: "/metrics")
        #expect(response.status == 200)
        let page = MetricsText(response.body)
        for line in page.unreadable { Issue.record("not a Prometheus sample line: \(line)") }
        return page.samples
    }
}
