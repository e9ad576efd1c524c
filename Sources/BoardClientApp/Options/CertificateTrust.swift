/// How a `wss://` connection decides whether the server's certificate is genuine.
public enum CertificateTrust: Hashable, Sendable {
    /// The system's certificate authorities (the default).
    case systemAuthorities
    /// The system's authorities and those in this PEM file (`--ca FILE`), for a private CA.
    case authorityFile(String)
    /// No check at all (`--insecure`).
    case insecure

    /// The line printed on stderr before an `--insecure` connection starts.
    public static let insecureWarning =
        "WARNING: --insecure: the server's certificate is not checked; "
        + "anyone on the network path can read and change this session"

    /// The PEM file to trust instead of the system's authorities, if any.
    public var authorityFilePath: String? {
        if case .authorityFile(let path) = self { path } else { nil }
    }

    public var isInsecure: Bool { self == .insecure }
}
