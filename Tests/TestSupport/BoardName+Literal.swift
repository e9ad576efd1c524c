import BoardSync

/// A board name written as a string literal, for the fixed names of tests and benchmarks. Code
/// that serves people makes names only through `BoardName(_:)`, which can refuse; a literal here
/// that is not a board name stops the test at once.
extension BoardName: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let name = BoardName(value) else { preconditionFailure("“\(value)” is not a board name.") }
        self = name
    }
}
