/// What made a client's view change, as far as the client knows: who did it, whether it was an
/// edit of the board or only a drag step, and which items and sections it put in a new place.
/// An animation plan marks exactly those in the mover's colour.
public struct ChangeCause: Hashable, Sendable {
    /// The two ways a person changes what others see.
    public enum Kind: Hashable, Sendable {
        /// An operation on the board: a local edit, or one another connection committed.
        case edit
        /// A drag step: a placeholder opened, travelled or closed; the board itself is unchanged.
        case drag
    }

    public var mover: Mover
    public var kind: Kind
    /// Ids of the items and sections the change put in a new place (the item of a move or of a
    /// drag, the section of a section move); empty for changes that move nothing.
    public var moved: [String]

    public init(mover: Mover, kind: Kind, moved: [String] = []) {
        self.mover = mover
        self.kind = kind
        self.moved = moved
    }

    /// The edit `ops` made by `mover`.
    public init(editing ops: [Op], by mover: Mover) {
        var moved: [String] = []
        for op in ops {
            switch op {
            case .move(let item, _, _): moved.append(item.rawValue)
            case .moveSection(let section, _, _): moved.append(section.rawValue)
            default: break
            }
        }
        self.init(mover: mover, kind: .edit, moved: moved)
    }

    /// The cause of the view change a server message brings to the client `clientID`: an op is
    /// its committer's edit (this client's own when it is the echo of its submit), an ack this
    /// client's own edit, a drag step its holder's; a welcome, presence or error is nobody's.
    public init?(of message: ServerMessage, seenBy clientID: ClientID) {
        switch message {
        case .op(let committed):
            let mover: Mover =
                committed.client == clientID ? .local : .remote(client: committed.client, user: committed.user)
            self.init(editing: [committed.op], by: mover)
        case .ack(let ack):
            self.init(editing: ack.committed, by: .local)
        case .drag(let drag):
            let mover: Mover = drag.client == clientID ? .local : .remote(client: drag.client, user: drag.user)
            self.init(mover: mover, kind: .drag, moved: [drag.item.rawValue])
        case .welcome, .presence, .error:
            return nil
        }
    }
}
