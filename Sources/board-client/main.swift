import BoardClientApp
import Foundation

SignalMask.unblockTerminalSignals()
signal(SIGPIPE, SIG_IGN)

let invocation: ClientInvocation
do {
    invocation = try ClientArguments.parse(
        Array(CommandLine.arguments.dropFirst()), defaultUser: ProcessIdentity.loginName(),
        environmentToken: ProcessInfo.processInfo.environment["BOARD_TOKEN"])
} catch {
    FileHandle.standardError.write(Data("board-client: \(error)\n".utf8))
    exit(ScriptStatus.usage.rawValue)
}

switch invocation {
case .help:
    print(ClientArguments.usage)
case .interactive(let options):
    exit(InteractiveRunner(options: options).run())
case .script(let options, let command):
    exit(ScriptRunner(options: options, command: command).run())
}
