import ServerTransport

/// Why the server could not listen, in the words `board-server` prints before exiting with 1:
/// `cannot listen on 10.255.255.1:18083: address not available`, and a second line of advice
/// where there is some to give.
enum ListenProblem {
    /// The lines for `error` (without the program's name), for the server of `options`.
    static func lines(_ error: any Error, options: ServerOptions) -> [String] {
        let advice: String? =
            switch error as? ListenError {
            case .addressNotAvailable(let host, _)?:
                "no network interface of this machine has the address \(host); give one it has, or 0.0.0.0 for all of them"
            case .portInUse?: "another program listens on it; give another --port, or 0 for any free port"
            default: nil
            }
        return [line(error, options: options)] + (advice.map { [$0] } ?? [])
    }

    /// The first line for `error`.
    static func line(_ error: any Error, options: ServerOptions) -> String {
        let place = "cannot listen on \(displayHost(options.host)):\(options.port)"
        guard let error = error as? ListenError else { return "\(place): \(error)" }
        switch error {
        case .addressNotAvailable:
            return "\(place): address not available"
        case .portInUse(let port):
            return "\(place): port \(port) is already in use"
        case .permissionDenied(_, let port):
            return "\(place): permission denied\(port < 1024 ? " (ports below 1024 need privileges)" : "")"
        case .invalidHost(let host):
            return "\(place): \(host) is not an IP address or localhost"
        case .contextCreationFailed:
            let hint =
                options.tlsCertificatePath == nil
                ? "" : " (are the TLS certificate and key a valid PEM pair?)"
            return "\(place): the WebSocket library could not start\(hint)"
        case .alreadyStarted:
            return "\(place): the server is already listening"
        case .stopped:
            return "\(place): the server was stopped before it listened"
        }
    }

    /// A host as an address with a port follows it: an IPv6 address in brackets.
    static func displayHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
