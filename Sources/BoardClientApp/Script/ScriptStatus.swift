/// Exit statuses of `board-client`.
public enum ScriptStatus: Int32, Hashable, Sendable {
    case ok = 0
    case failure = 1
    case usage = 2
    case unknownElement = 3
    case unreachable = 4
    case refused = 5
    /// Not done on purpose: a delete or a restore the person answered no to, an import into a
    /// board that has tiles without `--append`, or into one it would take past its limits.
    case declined = 6
    /// A board of that name exists, so the one in the trash cannot come back under it.
    case nameTaken = 7
}

/// How a scripted command ended: what to print and the exit status. Output of a failure is one
/// line for standard error.
public struct ScriptResult: Hashable, Sendable, Error {
    public var status: ScriptStatus
    public var output: String

    public init(_ status: ScriptStatus, _ output: String) {
        self.status = status
        self.output = output
    }

    /// How a command that reads a board ends when it was given none (the command line asks for a
    /// board's URL first, so only a caller that skips that check gets here).
    public static let noBoard = ScriptResult(.failure, "this command needs the URL of a board")
}
