import Dispatch
import Locking

/// A plain HTTP GET that waits for its answer, for scripts and tests. Call it from any thread
/// but the context's service thread.
public enum BlockingHTTPGet {
    /// The answer to a GET (or `method`) of `url` (see `ClientContext.get`), or why there is none; gives up
    /// with `.timedOut` after `timeout` seconds.
    public static func get(
        _ url: WebSocketURL, method: String = "GET", headers: [String: String] = [:], allowsInsecureTLS: Bool = false,
        timeout: Double = 10, context: ClientContext
    ) throws(ClientConnectError) -> HTTPGetResponse {
        let outcome = Locked<Result<HTTPGetResponse, ClientConnectError>?>(nil)
        let answered = DispatchSemaphore(value: 0)
        let request: ClientHTTPGet
        do {
            request = try context.get(url, method: method, headers: headers, allowsInsecureTLS: allowsInsecureTLS) {
                result in
                outcome.withLock { $0 = result }
                answered.signal()
            }
        } catch let error as ClientConnectError {
            throw error
        } catch {
            throw .failed(String(describing: error))
        }
        if answered.wait(timeout: .now() + max(0, timeout)) == .timedOut {
            request.cancel()
            _ = answered.wait(timeout: .now() + 5)
        }
        let result = outcome.withLock { $0 } ?? .failure(.timedOut)
        return try result.get()
    }
}
