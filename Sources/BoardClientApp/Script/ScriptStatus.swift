/// Exit statuses of `board-client`.
public enum ScriptStatus: Int32, Hashable, Sendable {
    case ok = 0
    case failure = 1
    case usage = 2
    case unknownElement = 3
    case unreachable = 4
    case refused = 5
    /// Not done on purpose: an import into a board that has tiles without `--append`, or into
    /// one it would take past its limits; a restore the person did not confirm.
    case declined = 6
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
}
