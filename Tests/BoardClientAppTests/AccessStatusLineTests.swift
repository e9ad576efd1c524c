import BoardClientApp
import BoardSync
import TerminalUI
import Testing

/// The status line's persistent markers at its right end: "view only" for a viewer, a red
/// "insecure" without certificate checks; and why connecting failed while retrying.
@Suite struct AccessStatusLineTests {
    typealias F = ModelFixtures

    func statusCells(_ model: AppModel) -> [Cell] {
        let buffer = AppView.render(model, time: 10)
        return (0..<buffer.width).compactMap { buffer.cell(x: $0, y: 0) }
    }

    /// The column where `text` starts on the status line.
    func column(of text: String, in status: String) -> Int? {
        status.range(of: text).map { status.distance(from: status.startIndex, to: $0.lowerBound) }
    }

    @Test func viewerSeesViewOnlyAtTheRightEnd() {
        let model = F.model(role: .viewer)
        let status = F.picture(model)[0]
        #expect(status.hasPrefix(" team v1 · connected ann "))
        #expect(status.hasSuffix(" view only"))
        #expect(status.count == 58, "the marker ends two columns before the edge (its padding and the bar's)")
        #expect(!F.picture(F.model(role: .editor))[0].contains("view only"))
    }

    @Test func viewOnlyStaysWhileReconnectingAndBesideRemoteActions() {
        var model = F.model(role: .viewer)
        _ = model.update(
            .server(F.bobs(2, .update(item: "todo0", label: "a label somewhere far away on this board"))), now: 0)
        #expect(model.session.lastAnnouncement == "bob renamed Mail to a label somewhere far away on this board")
        #expect(F.picture(model)[0].hasSuffix(" view only"))
        _ = model.update(.connectionClosed(code: nil, reason: ""), now: 1)
        #expect(F.picture(model, time: 1)[0].hasSuffix(" view only"))
    }

    @Test func insecureIsMarkedInRed() throws {
        var model = F.model()
        model.isInsecure = true
        let status = F.picture(model)[0]
        #expect(status.hasPrefix(" team v1 · connected ann "))
        #expect(status.hasSuffix(" insecure"))
        let start = try #require(column(of: "insecure", in: status))
        let cells = statusCells(model)
        for index in (start - 1)...(start + "insecure".count) {
            #expect(cells[index].style.background == .red, "column \(index)")
        }
        #expect(cells[start - 2].style.background != .red)
        #expect(!F.picture(F.model())[0].contains("insecure"))
    }

    @Test func bothMarkersStayOnANarrowLine() {
        var model = F.model(width: 30, role: .viewer)
        model.isInsecure = true
        _ = model.update(.server(F.bobs(2, .update(item: "todo1", label: "Post"))), now: 0)
        #expect(model.session.lastAnnouncement == "bob renamed Maps to Post")
        let status = F.picture(model)[0]
        #expect(status.hasSuffix(" insecure  view only"))
        #expect(status.count == 28)
    }

    @Test func failedAttemptIsExplainedUntilTheNextWelcome() {
        var model = F.model(width: 80)
        _ = model.update(.connectionFailed(.unreachable("certificate not trusted (see --ca)")), now: 1)
        let retrying = F.picture(model, time: 1)[0]
        #expect(retrying.hasPrefix(" team v1 · certificate not trusted (see --ca) · reconnecting in 1s ann"))
        _ = model.update(.connectionOpened, now: 3)
        _ = model.update(.server(F.welcome(F.sample)), now: 3)
        #expect(F.picture(model, time: 3)[0] == " team v1 · connected ann")
    }
}
