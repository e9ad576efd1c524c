import Dispatch
import Foundation

/// What SIGHUP does: the tokens file is read on a Dispatch queue and the result is posted into
/// the server loop, so connections are never dropped by the reload itself. Without a tokens file
/// SIGHUP is logged and otherwise ignored (it must not stop the server).
struct TokensReload: Sendable {
    let path: String?
    let host: any ServiceHost
    private let target: ServiceThreadReference<BoardService>

    init(path: String?, host: any ServiceHost, service: BoardService) {
        self.path = path
        self.host = host
        target = ServiceThreadReference(service)
    }

    /// Reads the file off the calling thread and hands the result to the service.
    func start() {
        DispatchQueue.global().async { [self] in
            guard let path else {
                host.post { target.value.log(.info, "SIGHUP ignored: the server runs without a tokens file") }
                return
            }
            let result: Result<AccessTokens, TokensFileError>
            do throws(TokensFileError) {
                result = .success(try AccessTokens.load(path: path))
            } catch {
                result = .failure(error)
            }
            host.post { target.value.tokensReloaded(result) }
        }
    }
}
