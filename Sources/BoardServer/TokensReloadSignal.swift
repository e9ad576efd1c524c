import Dispatch
import Foundation
import WebSocketTransport

/// SIGHUP reloads the tokens file: it is read on a Dispatch queue and the result is posted into
/// the server loop, so connections are never dropped by the reload itself. Without a tokens file
/// SIGHUP is logged and otherwise ignored (it must not stop the server).
enum TokensReloadSignal {
    static func install(path: String?, server: WebSocketServer, service: BoardService) -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let target = ServiceThreadReference(service)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler {
            guard let path else {
                server.post { target.value.log(.info, "SIGHUP ignored: the server runs without a tokens file") }
                return
            }
            let result: Result<AccessTokens, TokensFileError>
            do throws(TokensFileError) {
                result = .success(try AccessTokens.load(path: path))
            } catch {
                result = .failure(error)
            }
            server.post { target.value.tokensReloaded(result) }
        }
        source.resume()
        return source
    }
}

/// A reference carried across threads only to be used back on the server's service thread.
final class ServiceThreadReference<Value: AnyObject>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
