import BoardSync
import Foundation
import Locking
import TerminalUI
import TestSupport
import Testing

/// The interactive `board-client` in a pseudo-terminal against a real server: keystrokes in,
/// the screen read back through `VirtualScreen`, the board checked over HTTP.
@Suite struct InteractivePTYTests {
    final class Screen: Sendable {
        private let state: Locked<(screen: VirtualScreen, raw: [UInt8])>

        init(width: Int = 80, height: Int = 24) {
            state = Locked((screen: VirtualScreen(width: width, height: height), raw: []))
        }

        func apply(_ bytes: [UInt8]) {
            state.withLock { state in
                state.screen.apply(bytes)
                state.raw += bytes
            }
        }

        var text: String {
            state.withLock { $0.screen.textLines().joined(separator: "\n") }
        }

        var raw: [UInt8] { state.withLock { $0.raw } }

        /// What the screen shows, cell by cell.
        var buffer: Buffer { state.withLock { $0.screen.buffer } }
    }

    @Test func pickUpMoveRightAndDropChangesTheServersBoard() async throws {
        let server = try ServerProcess()
        let url = server.url(board: "pty")
        var ids: [String] = []
        for label in ["Alpha", "Bravo", "Charlie"] {
            ids.append(try ClientRun.run([url, "add", label]).stdout.trimmingCharacters(in: .newlines))
        }

        let client = try PseudoTerminalClient([url])
        let screen = client.screen
        func type(_ text: String) { client.type(text) }
        func waitForScreen(_ condition: @escaping (String) -> Bool) -> Bool { client.waitForScreen(condition) }

        #expect(waitForScreen { $0.contains("connected tester") && $0.contains("Charlie") })
        type(" ")
        #expect(waitForScreen { $0.contains("╔") && $0.contains("esc cancel") })
        type("\u{1B}[C")
        #expect(
            waitForScreen {
                $0.contains("║ Bravo") == false && $0.range(of: "Bravo.*Alpha", options: .regularExpression) != nil
            })
        type(" ")
        #expect(waitForScreen { $0.contains("v4 · connected") && !$0.contains("╔") })

        let (status, body) = try await HTTPGet.body(port: server.port, path: "/boards/pty")
        #expect(status == 200)
        let board = try WireCodec.decodeBoard(body)
        #expect(board.sections[0].items.map(\.id.rawValue) == [ids[1], ids[0], ids[2]])

        #expect(client.quit() == 0)
        let raw = String(decoding: screen.raw, as: UTF8.self)
        #expect(raw.contains("\u{1B}[?1049h") && raw.hasSuffix("\u{1B}[?1049l") || raw.contains("\u{1B}[?1049l"))
        #expect(raw.contains("\u{1B}[?2026h"))
    }
}
