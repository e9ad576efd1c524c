#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalError: CustomStringConvertible {
    /// The failure in words: "standard input is not a terminal".
    public var description: String {
        switch self {
        case .notATerminal(let descriptor): "\(Self.name(of: descriptor)) is not a terminal"
        case .readAttributesFailed(let code): "cannot read the terminal's settings (\(Self.words(code)))"
        case .writeAttributesFailed(let code): "cannot change the terminal's settings (\(Self.words(code)))"
        case .sizeUnavailable(let code): "cannot read the terminal's size (\(Self.words(code)))"
        case .writeFailed(let code): "cannot write to the terminal (\(Self.words(code)))"
        case .readFailed(let code): "cannot read from the terminal (\(Self.words(code)))"
        case .inputClosed: "the terminal's input was closed"
        case .pipeFailed(let code): "cannot open a pipe for window size changes (\(Self.words(code)))"
        case .signalHandlerFailed(let signal, let code):
            "cannot install a handler for signal \(signal) (\(Self.words(code)))"
        }
    }

    /// Standard input, output and error by name, other descriptors by number.
    static func name(of descriptor: Int32) -> String {
        switch descriptor {
        case 0: "standard input"
        case 1: "standard output"
        case 2: "standard error"
        default: "descriptor \(descriptor)"
        }
    }

    /// The system's words for `code`, in lower case ("no such device").
    static func words(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
