import BoardClientApp
import Foundation

SignalMask.unblockTerminalSignals()
signal(SIGPIPE, SIG_IGN)

let invocation: ClientInvocation
do {
    invocation = try ClientArguments.parse(
        Array(CommandLine.arguments.dropFirst()), defaultUser: ProcessIdentity.loginName(),
        environmentToken: ProcessInfo.processInfo.environment["BOARD_TOKEN"],
        environmentNoMotion: ProcessInfo.processInfo.environment["NO_MOTION"])
} catch {
    FileHandle.standardError.write(Data("board-client: \(error)\n".utf8))
    exit(ScriptStatus.usage.rawValue)
}

/// Refuses an unreadable `--ca` file and warns about `--insecure`, before anything connects.
func checkTrust(_ options: ConnectionOptions) {
    switch options.trust {
    case .authorityFile(let path) where !FileManager.default.isReadableFile(atPath: path):
        FileHandle.standardError.write(Data("board-client: cannot read the CA file \(path)\n".utf8))
        exit(ScriptStatus.usage.rawValue)
    case .insecure:
        FileHandle.standardError.write(Data((CertificateTrust.insecureWarning + "\n").utf8))
    default:
        break
    }
}

switch invocation {
case .help:
    print(ClientArguments.usage)
case .interactive(let options, let animates):
    checkTrust(options)
    exit(InteractiveRunner(options: options, animates: animates).run())
case .script(let options, let command):
    checkTrust(options)
    exit(ScriptRunner(options: options, command: command).run())
}
