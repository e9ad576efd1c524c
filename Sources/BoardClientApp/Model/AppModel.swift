import BoardSync
import TerminalUI

/// Everything the client shows and remembers, as a value. `update` changes it; `view` draws it.
public struct AppModel: Sendable {
    /// The open board's client session: everything the client decides (edits, drags, the
    /// connection, words, the animation plan).
    public var session: ClientSession
    /// The open board (nil while the picker shows, before the first board was opened).
    public var boardName: BoardName?
    /// The list of the server's boards, while it is shown instead of a board.
    public var picker: BoardPicker?
    /// The recent changes of the board, while the panel is open.
    public var history: HistoryPanel?
    /// The board as it was at an earlier version, while it is shown.
    public var past: PastBoard?
    /// The server's host and port, as the picker names it.
    public var serverName = ""
    /// The wall clock and time zone, for the times of changes.
    public var wallClock = WallClock(epochMilliseconds: 0, monotonic: 0, utcOffset: 0)
    public var size: TerminalSize
    public var metrics: TileMetrics
    /// The cursor's stop: the tile it is on, or the empty section.
    public var cursor: CursorStop?
    /// The cursor's index in reading order, to land nearby when its item disappears.
    public var cursorIndex = 0
    public var mode: InteractionMode = .browsing
    /// Whether the bottom line asks before quitting with edits not acknowledged yet.
    public var askingToQuit = false
    public var showHelp = false
    /// The first line of the keys shown while the help is open.
    public var helpScroll = 0
    /// The server's certificate is not checked (`--insecure`): the status line says so.
    public var isInsecure = false
    /// The colours the terminal shows, which decide how many people's colours it tells apart.
    public var palette: ColorPalette = .ansi
    public var notices: [TransientNotice] = []
    /// What went wrong inside the session the last time something did (a plan that could not be
    /// built): nothing a person can act on, kept for tests and for the next look.
    public var lastProblem: SessionProblem?
    /// First content row shown at the top of the board area.
    public var scroll = 0
    public var layout: BoardLayout
    public var animator = TileAnimator()
    /// The clock reading of the latest message.
    public var now: Double = 0
    /// The view the layout and the animation show: the machine's view as of the latest change
    /// played, the old side of the next animation plan.
    var shownView = BoardView()

    /// A model of board `boardName`, or of the board picker when `boardName` is nil.
    public init(
        clientID: ClientID, user: String, boardName: BoardName?, size: TerminalSize, seed: UInt64,
        metrics: TileMetrics = .standard
    ) {
        let layout = BoardLayout(view: BoardView(), width: size.width, metrics: metrics)
        session = ClientSession(
            board: boardName ?? Self.noBoardYet, user: user, client: clientID, seed: seed,
            arrangement: .rows(tilesPerRow: layout.grid.perRow))
        self.boardName = boardName
        if boardName == nil { picker = BoardPicker() }
        self.size = size
        self.metrics = metrics
        self.layout = layout
    }

    /// The board the session names while the picker shows before any board was opened: that
    /// session never connects, and opening a board makes a new one.
    static let noBoardYet = BoardName("-")!

    /// The session's client machine: the boards, pending edits and drags.
    public var machine: ClientMachine { session.machine }

    /// The item held by this client, if any.
    public var heldItem: ItemID? {
        switch mode {
        case .holdingWithKeys(let item), .holdingWithMouse(let item, _, _): item
        default: nil
        }
    }
}
