import BoardClientApp
import Foundation
import WebSocketTransport

/// Carries out the client's `AppFetch`es: plain HTTP requests on the server of the URL it was
/// given, with the same token (`Authorization: Bearer`, or the URL's own `?token=`) and TLS
/// settings as its WebSocket connections.
struct HTTPFetcher {
    let options: ConnectionOptions
    let context: ClientContext

    private var headers: [String: String] {
        options.token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
    }

    /// Starts `fetch`; `completion` gets its result on the context's service thread, or, when
    /// the server could not be reached, on a queue that found out why.
    func start(_ fetch: AppFetch, completion: @escaping @Sendable (FetchResult) -> Void) {
        let address = options.endpoints.url(of: fetch)
        let endpoints = options.endpoints
        guard let url = WebSocketURL(address) else {
            completion(.failed("\(address) is not a server's URL"))
            return
        }
        do {
            try context.get(
                url, method: fetch.method, headers: headers, allowsInsecureTLS: options.trust.isInsecure
            ) { result in
                guard case .failure(let error) = result else {
                    completion(Self.result(result, endpoints: endpoints))
                    return
                }
                DispatchQueue.global().async { completion(Self.result(.failure(error), endpoints: endpoints)) }
            }
        } catch {
            completion(.failed(ConnectDiagnosis.problem(error, endpoints: endpoints).sentence(reaching: endpoints)))
        }
    }

    /// `fetch` and its result, waiting at most `timeout` seconds (not on the service thread).
    func fetch(_ fetch: AppFetch, timeout: Double) -> FetchResult {
        let address = options.endpoints.url(of: fetch)
        guard let url = WebSocketURL(address) else { return .failed("\(address) is not a server's URL") }
        do {
            let response = try BlockingHTTPGet.get(
                url, method: fetch.method, headers: headers, allowsInsecureTLS: options.trust.isInsecure,
                timeout: timeout, context: context)
            return .answered(status: response.status, body: response.body)
        } catch {
            return Self.result(.failure(error), endpoints: options.endpoints)
        }
    }

    private static func result(
        _ result: Result<HTTPGetResponse, ClientConnectError>, endpoints: ServerEndpoints
    ) -> FetchResult {
        switch result {
        case .success(let response):
            return .answered(status: response.status, body: response.body)
        case .failure(.untrustedCertificate):
            return .failed(
                "the server's certificate was not trusted (\(endpoints.displayName)); "
                    + "if it comes from a private CA, pass --ca FILE")
        case .failure(let error):
            return .failed(ConnectDiagnosis.problem(error, endpoints: endpoints).sentence(reaching: endpoints))
        }
    }
}
