import BoardSync
import Foundation

/// The command line of `board-server`, parsed. Every flag has the protocol's default.
public struct ServerOptions: Hashable, Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataPath = ServerOptions.defaultDataPath
    /// Creates the directory of `dataPath` when it does not exist (`--create-dirs`); the
    /// default data directory is created without it.
    public var createsDirectories = false
    /// A `postgresql://` URL: keep the boards in that database, shared with every server
    /// started on it, instead of the SQLite file at `dataPath`.
    public var storeURL: String?
    /// This server's name among the servers of one `storeURL` (default: host, process id and
    /// start time).
    public var nodeName: String?
    public var tokensPath: String?
    /// `--jwt-key`: an HS256 secret, or an Ed25519 or ECDSA P-256 public key in PEM, that signs
    /// JSON Web Tokens (protocol 1.2 section 12).
    public var jwtKeyPath: String?
    /// `--jwt-audience`: the `aud` every JSON Web Token must name.
    public var jwtAudience: String?
    public var logLevel = LogLevel.info
    public var demo = false
    public var maxItems = 10_000
    public var maxSections = 64
    public var maxLabelLength = 100
    public var maxMessageBytes = 65_536
    public var maxConnections = 10_000
    public var maxQueuedBytes = 4 * 1024 * 1024
    public var retainedOps = 10_000
    public var snapshotEvery = 1_000
    public var rateLimitBurst = 100
    public var rateLimitPerSecond = 100
    public var idleBoardSeconds = 60.0
    public var dragTimeoutSeconds = 60.0
    public var allowAnonymous = false
    public var metricsToken: String?
    public var tlsCertificatePath: String?
    public var tlsPrivateKeyPath: String?
    public var allowedOrigins: [String] = []
    public var maxConnectionsPerIP = 256
    /// Days a deleted board stays in the trash before it is removed for good (`--trash-days`;
    /// fractions allowed).
    public var trashDays = 30.0
    /// `--webhook` (repeatable): every committed op or group of every board is POSTed to each
    /// of these http:// URLs (protocol 1.2 section 12).
    public var webhookURLs: [String] = []
    /// `--webhook-secret`: the file holding the secret that signs every webhook delivery.
    public var webhookSecretPath: String?
    /// `--webhook-retry-hours`: how long after it was due a failing delivery is given up
    /// (fractions allowed).
    public var webhookRetryHours = 72.0
    /// `--webhook-retry-base-ms`: the delay before the first retry of a failed delivery; each
    /// later one doubles it, up to an hour.
    public var webhookRetryBaseMilliseconds = 1_000
    /// `--webhook-timeout`: seconds one webhook request may take before it counts as failed.
    public var webhookTimeoutSeconds = 10.0

    public init() {}

    /// Where the boards are kept without `--data`.
    public static let defaultDataPath = "./data/boards.sqlite"

    /// The text `--help` prints.
    public static let usage = """
        usage: board-server [options]

        Serves shared boards over WebSockets (protocol boardsync.v1) and plain HTTP on one port.

          --host ADDRESS          address to listen on (default 127.0.0.1)
          --port N                port, 0 for any free one (default 8080)
          --data PATH             SQLite database file (default ./data/boards.sqlite); its
                                  directory must exist, except the default one
          --create-dirs           create the directory of --data when it does not exist
          --store URL             keep the boards in PostgreSQL instead, such as
                                  postgresql://USER@HOST:PORT/DB; every server started on the
                                  same database serves the same boards (a cluster)
          --node NAME             this server's name in the cluster, for logs (default:
                                  host name, process id and start time)
          --tokens FILE           JSON file of access tokens; SIGHUP reloads it (default: none,
                                  everyone is an editor, allowed on a loopback address only)
          --jwt-key FILE          also accept JSON Web Tokens signed with this key: an HS256
                                  secret, or an Ed25519 (EdDSA) or ECDSA P-256 (ES256) public
                                  key in PEM; SIGHUP reloads it
          --jwt-audience AUD      refuse JSON Web Tokens whose aud does not name AUD
          --allow-anonymous       without --tokens or --jwt-key, also serve everyone as editor
                                  on a non-loopback address
          --metrics-token T       require "Authorization: Bearer T" for /metrics, from any
                                  address (default: /metrics is open to loopback peers only)
          --tls-cert PEM          certificate chain; with --tls-key the port speaks only TLS
          --tls-key PEM           private key of --tls-cert
          --allowed-origin ORIGIN also accept upgrades and changes (POST, DELETE) from pages of
                                  this origin besides the server's own (repeatable; requests
                                  without Origin are allowed)
          --trash-days D          remove deleted boards from the trash D days after they were
                                  deleted (default 30; fractions allowed)
          --webhook URL           POST every committed op or group of every board to this
                                  http:// URL, signed (repeatable; needs --webhook-secret)
          --webhook-secret FILE   the secret that signs webhook deliveries (HMAC-SHA256)
          --webhook-retry-hours H give up a failing webhook delivery H hours after its ops were
                                  committed (default 72; fractions allowed)
          --webhook-retry-base-ms N  wait N ms before the first retry of a failed delivery,
                                  doubling up to an hour (default 1000)
          --webhook-timeout S     a webhook request not answered within S seconds has failed
                                  (default 10)
          --demo                  create a board "demo" with a dozen tiles if it does not exist
          --log-level LEVEL       error, warn, info or debug (default info)
          --max-items N           items per board (default 10000)
          --max-sections N        sections per board (default 64)
          --max-label N           Unicode scalars per label or title (default 100)
          --max-message-bytes N   largest accepted message in bytes (default 65536)
          --max-connections N     open WebSocket connections in total, beyond it 503 (default 10000)
          --max-connections-per-ip N  open connections per peer address, beyond it 429 (default 256)
          --max-queued-bytes N    unsent bytes per connection before it is closed with 1013 (default 4194304)
          --retain-ops N          ops kept per board for catch-up (default 10000)
          --snapshot-every N      ops between board snapshots (default 1000)
          --rate-burst N          messages a connection may send at once (default 100)
          --rate-per-second N     messages per second a connection may sustain (default 100)
          --idle-board-seconds S  unload a board this long after its last connection left (default 60)
          --drag-timeout S        cancel a drag after this long without a drag message (default 60)
          --help                  show this text

        When ready it prints one line "listening on HOST:PORT" to standard output; logs go to
        standard error. SIGINT or SIGTERM closes every connection with 1001 and exits 0. SIGHUP
        reloads the tokens file and the JWT key and closes connections they no longer grant with
        4401; a connection whose JSON Web Token expires is closed with 4401 too.
        """

    /// Why a command line was refused; `board-server` prints it and exits with status 2.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        case unknownFlag(String)
        case missingValue(String)
        case invalidValue(flag: String, value: String, expected: String)

        public var description: String {
            switch self {
            case .unknownFlag(let flag): "unknown option \(flag) (see --help)"
            case .missingValue(let flag): "option \(flag) needs a value"
            case .invalidValue(let flag, let value, let expected):
                "invalid value '\(value)' for \(flag): expected \(expected)"
            }
        }
    }

    /// What the command line asks for.
    public enum Command: Hashable, Sendable {
        case serve(ServerOptions)
        case help
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(ParseError) -> Command {
        var options = ServerOptions()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { return .help }
            if flag == "--demo" {
                options.demo = true
                continue
            }
            if flag == "--allow-anonymous" {
                options.allowAnonymous = true
                continue
            }
            if flag == "--create-dirs" {
                options.createsDirectories = true
                continue
            }
            var value: String
            var name = flag
            if let equals = flag.firstIndex(of: "="), flag.hasPrefix("--") {
                name = String(flag[..<equals])
                value = String(flag[flag.index(after: equals)...])
            } else {
                guard Self.valueFlags.contains(flag) else { throw .unknownFlag(flag) }
                guard let next = rest.popFirst() else { throw .missingValue(flag) }
                value = next
            }
            try options.set(name, value)
        }
        return .serve(options)
    }

    private static let valueFlags: Set<String> = [
        "--host", "--port", "--data", "--store", "--node", "--tokens", "--jwt-key", "--jwt-audience", "--log-level",
        "--max-items", "--max-sections",
        "--max-label", "--max-message-bytes", "--max-connections", "--max-queued-bytes", "--retain-ops",
        "--snapshot-every",
        "--rate-burst", "--rate-per-second", "--idle-board-seconds", "--drag-timeout", "--metrics-token",
        "--tls-cert", "--tls-key", "--allowed-origin", "--max-connections-per-ip", "--trash-days",
        "--webhook", "--webhook-secret", "--webhook-retry-hours", "--webhook-retry-base-ms",
        "--webhook-timeout",
    ]

    private mutating func set(_ flag: String, _ value: String) throws(ParseError) {
        func integer(_ range: ClosedRange<Int>) throws(ParseError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw .invalidValue(
                    flag: flag, value: value, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return number
        }
        func path() throws(ParseError) -> String {
            guard !value.isEmpty else { throw .invalidValue(flag: flag, value: value, expected: "a file path") }
            return value
        }
        func seconds() throws(ParseError) -> Double {
            guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
                throw .invalidValue(flag: flag, value: value, expected: "a number of seconds")
            }
            return seconds
        }
        switch flag {
        case "--host":
            guard !value.isEmpty else { throw .invalidValue(flag: flag, value: value, expected: "an address") }
            host = value
        case "--port": port = try integer(0...65_535)
        case "--data":
            guard !value.isEmpty else { throw .invalidValue(flag: flag, value: value, expected: "a file path") }
            dataPath = value
        case "--store":
            guard value.hasPrefix("postgresql://") || value.hasPrefix("postgres://") else {
                throw .invalidValue(flag: flag, value: value, expected: "a postgresql:// URL")
            }
            storeURL = value
        case "--node":
            guard Validation.isIdentifier(value) else {
                throw .invalidValue(flag: flag, value: value, expected: "letters, digits and . _ : - (1 to 64)")
            }
            nodeName = value
        case "--tokens": tokensPath = try path()
        case "--jwt-key": jwtKeyPath = try path()
        case "--jwt-audience":
            guard !value.isEmpty else { throw .invalidValue(flag: flag, value: value, expected: "an audience name") }
            jwtAudience = value
        case "--log-level":
            guard let level = LogLevel(rawValue: value) else {
                throw .invalidValue(flag: flag, value: value, expected: "error, warn, info or debug")
            }
            logLevel = level
        case "--max-items": maxItems = try integer(1...1_000_000)
        case "--max-sections": maxSections = try integer(1...10_000)
        case "--max-label": maxLabelLength = try integer(1...10_000)
        case "--max-message-bytes": maxMessageBytes = try integer(1_024...16 * 1024 * 1024)
        case "--max-connections": maxConnections = try integer(1...1_000_000)
        case "--max-queued-bytes": maxQueuedBytes = try integer(65_536...1024 * 1024 * 1024)
        case "--retain-ops": retainedOps = try integer(1...10_000_000)
        case "--snapshot-every": snapshotEvery = try integer(1...10_000_000)
        case "--rate-burst": rateLimitBurst = try integer(1...1_000_000)
        case "--rate-per-second": rateLimitPerSecond = try integer(1...1_000_000)
        case "--idle-board-seconds": idleBoardSeconds = try seconds()
        case "--drag-timeout": dragTimeoutSeconds = try seconds()
        case "--metrics-token":
            guard TokenGrant.isValidSecret(value) else {
                throw .invalidValue(flag: flag, value: "…", expected: "printable ASCII without spaces")
            }
            metricsToken = value
        case "--tls-cert": tlsCertificatePath = try path()
        case "--tls-key": tlsPrivateKeyPath = try path()
        case "--allowed-origin":
            guard OriginPolicy.isValidOrigin(value) else {
                throw .invalidValue(flag: flag, value: value, expected: "an origin such as https://boards.example.com")
            }
            allowedOrigins.append(value)
        case "--max-connections-per-ip": maxConnectionsPerIP = try integer(1...1_000_000)
        case "--trash-days":
            guard let days = Double(value), days >= 0, days <= 36_500 else {
                throw .invalidValue(flag: flag, value: value, expected: "a number of days from 0 to 36500")
            }
            trashDays = days
        case "--webhook":
            guard WebhookURL(value) != nil else {
                throw .invalidValue(
                    flag: flag, value: value, expected: "an http:// URL such as http://hooks.example.com:8000/boards")
            }
            webhookURLs.append(value)
        case "--webhook-secret": webhookSecretPath = try path()
        case "--webhook-retry-hours":
            guard let hours = Double(value), hours >= 0, hours <= 87_600 else {
                throw .invalidValue(flag: flag, value: value, expected: "a number of hours from 0 to 87600")
            }
            webhookRetryHours = hours
        case "--webhook-retry-base-ms": webhookRetryBaseMilliseconds = try integer(1...3_600_000)
        case "--webhook-timeout":
            guard let timeout = Double(value), timeout > 0, timeout <= 600 else {
                throw .invalidValue(flag: flag, value: value, expected: "a number of seconds above 0, at most 600")
            }
            webhookTimeoutSeconds = timeout
        default:
            throw .unknownFlag(flag)
        }
    }
}
