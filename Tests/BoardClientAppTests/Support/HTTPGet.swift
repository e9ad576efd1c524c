import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plain HTTP GET against the test server.
enum HTTPGet {
    static func body(port: Int, path: String) async throws -> (status: Int, body: [UInt8]) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        let (data, response) = try await URLSession.shared.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
    }
}
