/// What a shell must do after a session event: messages to send in order, what to tell the
/// person, the update batch of the view with its animation plan, timers and the connection.
/// Every field has one meaning in the terminal and in the page. A class: a session fills one
/// step per event and hands it to its shell, which only reads it, so that passing it on never
/// copies its fields (the page's WebAssembly module carries no routine to copy it whole).
public final class SessionStep {
    /// Messages to send on the WebSocket, in order.
    public var send: [ClientMessage] = []
    /// What to show the person apart from the board (a toast, the notice line), in words.
    public var notices: [SessionNotice] = []
    /// Sentences for whoever follows the board by ear and for the status line: the page's live
    /// region says each, the terminal's status line shows the latest.
    public var announcements: [String] = []
    /// The change of `ClientSession.view`; nil when the view did not change.
    public var batch: UpdateBatch?
    /// How to animate `batch`, from the view before the event to the new one. Nil without a
    /// batch, when the plan could not be built (`problem` says why), and for the first board a
    /// session shows, which appears at once.
    public var plan: AnimationPlan?
    /// Who made the change `batch` shows; nil when nobody in particular did.
    public var cause: ChangeCause?
    /// Something inside the session went wrong that the person cannot act on but a developer
    /// must see (a plan that could not be built); the step is otherwise complete.
    public var problem: SessionProblem?
    /// Close the current connection: the session lost track of the server's state. A new
    /// attempt follows at once (`connectAfter` is 0).
    public var reconnect = false
    /// Open a connection after this many seconds (0: now), replacing any attempt that was due.
    public var connectAfter: Double?
    /// Stop connecting for good: the words say why (a refused token, a replaced connection).
    public var stopped: String?
    /// Hand the session `tick` after this many seconds (a drag position waits for the rate
    /// limit of `over` messages).
    public var tickAfter: Double?
    /// What became of the open text field's target (`ClientIntent.editing`): someone deleted the
    /// tile or section it was about, and its text now makes a new tile or section.
    public var edit: EditChange?
    /// Keep `ClientSession.saved` (a shell that keeps sessions across reloads; others ignore
    /// it): 0 when the pending edits or their seqs changed, and then the write must be complete
    /// before `send` goes out; otherwise within this many seconds, when only the committed board
    /// moved on. Nil when nothing to keep changed.
    public var saveAfter: Double?

    public init() {}
}

/// A notice in words, as both clients show it.
public struct SessionNotice: Hashable, Sendable {
    public var notice: ClientNotice
    public var text: String

    public init(notice: ClientNotice, text: String) {
        self.notice = notice
        self.text = text
    }

    /// The notice's kind as the page's JSON names it.
    public var kind: String {
        switch notice {
        case .remoteAction: "remoteAction"
        case .refused: "refused"
        case .locked: "locked"
        case .dropOverridden: "dropOverridden"
        case .dragLost: "dragLost"
        case .invalidEdit: "invalidEdit"
        case .viewOnly: "viewOnly"
        }
    }

    /// The item the notice is about, when it names one.
    public var item: ItemID? {
        switch notice {
        case .locked(let item, _), .dropOverridden(let item, _), .dragLost(let item, _): item
        default: nil
        }
    }

    /// Whether the notice is shown apart from the board (a toast, the notice line). Another
    /// person's change is only said (`SessionStep.announcements`): the board shows it already.
    public var isShown: Bool {
        if case .remoteAction = notice { return false }
        return true
    }

    /// Whether it warns of something lost or refused, rather than informing.
    public var isWarning: Bool {
        switch notice {
        case .refused, .dragLost, .dropOverridden: true
        default: false
        }
    }
}

/// Something that went wrong inside a session, for developers and tests.
public enum SessionProblem: Hashable, Sendable {
    /// The batch of a change did not replay on the view before it, so no animation plan could
    /// be built; the view itself is right.
    case planNotBuilt(BatchReplayError)
}

extension SessionProblem {
    /// The problem in words, for a developer's console or log.
    public var message: String {
        switch self {
        case .planNotBuilt(let error): "no animation plan: the update batch \(error.words)"
        }
    }
}

extension BatchReplayError {
    /// What is wrong with the batch, in words.
    public var words: String {
        switch self {
        case .sectionIndexOutOfRange(let index): "names section \(index), outside its view"
        case .sectionIndexRepeated(let index): "names section \(index) twice"
        case .cellPathOutOfRange(let path): "names cell \(path.item) of section \(path.section), outside its view"
        case .cellPathRepeated(let path): "names cell \(path.item) of section \(path.section) twice"
        case .cellInDeletedSection(let path): "lists cell \(path.item) of deleted section \(path.section)"
        case .cellInInsertedSection(let path): "lists cell \(path.item) of inserted section \(path.section)"
        case .reloadOfWrongEntry(let what): "reloads \(what), which does not stay where it is"
        case .countMismatch(let what): "does not give the new view's counts (\(what))"
        }
    }
}
