/// One change a person made that the server has not acknowledged yet: a single op, or a group
/// of ops submitted together and committed all or nothing (protocol 10.1).
struct PendingChange: Hashable, Sendable {
    /// The ops in order, each made against the state the ones before it leave. Empty once a
    /// single op in flight was rebased to nothing (the server will answer it with `noop`).
    var ops: [Op]
    /// Whether it goes to the server as a group (`ops`), even of one op.
    var isGroup: Bool
    /// What the person meant, for a group that the server refused on a board that moved on:
    /// it is worked out again from this on the newer board.
    var intent: ChangeIntent?
    /// How often it was worked out again after a refusal.
    var rebuilds = 0
    /// The version a restore puts the board back to, sent with the group as `restores`; kept
    /// apart from the intent, which a session made again from what it kept no longer has.
    var restores: Int?

    /// A change of one op.
    init(_ op: Op) {
        ops = [op]
        isGroup = false
    }

    /// A group of ops.
    init(group ops: [Op], intent: ChangeIntent? = nil) {
        self.ops = ops
        isGroup = true
        self.intent = intent
        restores = intent?.restoredVersion
    }

    /// The most bytes the members of one group take on the wire together: the protocol's
    /// 65,536-byte message limit (section 7's default, which bounds a group of long labels before
    /// 500 members do) less room for the submit around them and for indices that grow by a digit
    /// or two while the group waits or is rebased.
    static let maxGroupBytes = 65_536 - 4_096

    /// The changes that submit `ops`: one op alone, or groups of at most the protocol's 500
    /// members and `maxGroupBytes` bytes, one after the other (each committed all or nothing),
    /// sharing the intent.
    static func changes(of ops: [Op], intent: ChangeIntent?, rebuilds: Int = 0) -> [PendingChange] {
        if ops.count == 1 && intent == nil { return [PendingChange(ops[0])] }
        var changes: [PendingChange] = []
        var members: [Op] = []
        var bytes = 0
        func close() {
            var change = PendingChange(group: members, intent: intent)
            change.rebuilds = rebuilds
            changes.append(change)
            members = []
            bytes = 0
        }
        for op in ops {
            let size = WireCodec.encodeOp(op).count + 1
            let full = members.count == ClientMessage.Submit.maxGroupMembers || bytes + size > maxGroupBytes
            if full && !members.isEmpty { close() }
            members.append(op)
            bytes += size
        }
        if !members.isEmpty { close() }
        return changes
    }
}

/// What a person meant by a group, in terms that still make sense on a board that changed: the
/// client works the group's ops out again from it when the server refused them.
enum ChangeIntent: Hashable, Sendable {
    /// These tiles, in this order, one after the other from `to` (its index counted without
    /// any of them).
    case moveBlock([ItemID], to: Position)
    /// These tiles deleted.
    case deleteItems([ItemID])
    /// The board put back as it was at `version`; what comes back is named by ids drawn from
    /// `idSeed`.
    case restore(Board, version: Int, idSeed: UInt64)
    /// These sections and their tiles added after the board's last section, under ids drawn
    /// from `idSeed` (an import).
    case appendSections([Section], idSeed: UInt64)

    /// The group's ops on `state`; nil when nothing of it can be done any more. `attempt` counts
    /// the times it was worked out before, so that what comes back is never named by an id an
    /// earlier attempt committed.
    func ops(on state: BoardState, attempt: Int = 0) -> [Op]? {
        let ops: [Op]
        switch self {
        case .moveBlock(let items, let to): ops = BlockPlacement.moves(placing: items, at: to, on: state)
        case .deleteItems(let items): ops = BlockPlacement.deletes(of: items, on: state)
        case .restore(let board, _, let idSeed):
            var ids = IDGenerator(seed: idSeed &+ UInt64(attempt) &* 0x2545_F491_4F6C_DD1D)
            ops = RestorePlan.ops(from: state, to: board) { ids.makeID() }
        case .appendSections(let sections, let idSeed):
            var ids = IDGenerator(seed: idSeed &+ UInt64(attempt) &* 0x2545_F491_4F6C_DD1D)
            ops = RestorePlan.appending(sections, to: state) { ids.makeID() }
        }
        return ops.isEmpty ? nil : ops
    }

    /// The group's ops worked out again on `state` after the server refused it, with `left` the
    /// ops of the refused group and of the queued groups of the same change. A restore is worked
    /// out anew from the board it puts back; an import is not, since the groups of it that were
    /// committed before stay: only `left` is repaired on `state` (its ids were never committed, so
    /// they stay too). Nil when nothing of it can be done any more.
    func rebuilt(on state: BoardState, attempt: Int, left: [Op]) -> [Op]? {
        guard case .appendSections = self else { return ops(on: state, attempt: attempt) }
        var scratch = state
        var ops: [Op] = []
        for op in left {
            guard let fixed = scratch.repaired(op), scratch.check(fixed, limits: .unlimited) == .apply else { continue }
            scratch.commit(fixed)
            ops.append(fixed)
        }
        return ops.isEmpty ? nil : ops
    }

    /// The version a restore puts the board back to.
    var restoredVersion: Int? {
        if case .restore(_, let version, _) = self { version } else { nil }
    }

    /// Whether it may take more than one group, all of which are worked out again together.
    var spansGroups: Bool {
        switch self {
        case .restore, .appendSections: true
        case .moveBlock, .deleteItems: false
        }
    }
}
