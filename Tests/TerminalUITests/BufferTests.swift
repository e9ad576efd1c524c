import Testing
@testable import TerminalUI
