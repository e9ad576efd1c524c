import Dispatch
import Foundation

/// What SIGHUP does: the tokens file and the JWT key are read on a Dispatch queue and the result
/// is posted into the server loop, so connections are never dropped by the reload itself.
/// Without either SIGHUP is logged and otherwise ignored (it must not stop the server).
struct TokensReload: Sendable {
    let path: String?
    let jwtKeyPath: String?
    let host: any ServiceHost
    private let target: ServiceThreadReference<BoardService>

    init(path: String?, jwtKeyPath: String? = nil, host: any ServiceHost, service: BoardService) {
        self.path = path
        self.jwtKeyPath = jwtKeyPath
        self.host = host
        target = ServiceThreadReference(service)
    }

    /// Reads the files off the calling thread and hands the results to the service.
    func start() {
        DispatchQueue.global().async { [self] in
            guard path != nil || jwtKeyPath != nil else {
                host.post { target.value.log(.info, "SIGHUP ignored: the server runs without a tokens file") }
                return
            }
            let tokens = path.map { path -> Result<AccessTokens, TokensFileError> in
                do throws(TokensFileError) {
                    return .success(try AccessTokens.load(path: path))
                } catch {
                    return .failure(error)
                }
            }
            let key = jwtKeyPath.map { path -> Result<SignedTokenKey, SignedTokenKeyError> in
                do throws(SignedTokenKeyError) {
                    return .success(try SignedTokenKey.load(path: path))
                } catch {
                    return .failure(error)
                }
            }
            host.post { target.value.accessReloaded(tokens: tokens, key: key) }
        }
    }
}
