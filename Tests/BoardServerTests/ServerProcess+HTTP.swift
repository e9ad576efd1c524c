import TestSupport
import Testing

extension ServerProcess {
    /// The server's metrics as sample name (with labels) to value, over HTTP.
    func metrics() throws -> [String: Double] {
        let response = try HTTPProbe.get(port: port, path: "/metrics")
        #expect(response.status == 200)
        return MetricsText.samples(response.body)
    }
}
