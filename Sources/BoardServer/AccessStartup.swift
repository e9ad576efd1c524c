import Foundation

/// The access and TLS checks made before the server opens its data or its port.
enum AccessStartup {
    /// The tokens to serve with (none: everyone is an editor), or why the server must not start.
    static func check(_ options: ServerOptions) throws(AccessStartupError) -> AccessCredentials {
        switch (options.tlsCertificatePath, options.tlsPrivateKeyPath) {
        case (nil, nil):
            break
        case (let certificate?, let key?):
            for path in [certificate, key] where !isReadableFile(path) { throw .tlsFileUnreadable(path) }
        default:
            throw .tlsFlagsIncomplete
        }
        var credentials = AccessCredentials()
        if let path = options.tokensPath {
            do {
                credentials.tokens = try AccessTokens.load(path: path)
            } catch {
                throw .tokens(error)
            }
        }
        if let path = options.jwtKeyPath {
            do {
                credentials.signedTokens = SignedTokenVerifier(
                    key: try SignedTokenKey.load(path: path), audience: options.jwtAudience)
            } catch {
                throw .signedTokenKey(error)
            }
        }
        guard !credentials.isAnonymous || options.allowAnonymous || AccessLoopback.isLoopback(options.host) else {
            throw .anonymousOnPublicAddress(options.host)
        }
        return credentials
    }

    private static func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}

/// Why the server refused to start because of its access or TLS options.
public enum AccessStartupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No tokens file and a non-loopback address without `--allow-anonymous`.
    case anonymousOnPublicAddress(String)
    /// Only one of `--tls-cert` and `--tls-key` was given.
    case tlsFlagsIncomplete
    case tlsFileUnreadable(String)
    case tokens(TokensFileError)
    case signedTokenKey(SignedTokenKeyError)

    public var description: String {
        switch self {
        case .anonymousOnPublicAddress(let host):
            "refusing to serve \(host) without tokens: anyone who can reach it could edit every board; "
                + "give --tokens FILE or --jwt-key FILE, or --allow-anonymous to serve everyone as editor"
        case .tlsFlagsIncomplete: "--tls-cert and --tls-key must be given together"
        case .tlsFileUnreadable(let path): "cannot read TLS file \(path)"
        case .tokens(let error): error.description
        case .signedTokenKey(let error): error.description
        }
    }

    /// 2 for a command line that cannot work, 1 for files that cannot be used.
    public var exitStatus: Int32 {
        switch self {
        case .anonymousOnPublicAddress, .tlsFlagsIncomplete: 2
        case .tlsFileUnreadable, .tokens, .signedTokenKey: 1
        }
    }
}
