/// What one section does in an animation plan: from which index to which, how, and by whom. The
/// section's cells have entries of their own.
public struct SectionAnimation: Hashable, Sendable {
    public var id: SectionID
    public var motion: Motion
    /// The section's index in the old view; nil when it is inserted.
    public var from: Int?
    /// The section's index in the new view; nil when it is deleted.
    public var to: Int?
    /// Its title changed: the new title flashes.
    public var retitled: Bool
    /// Who moved it, for moves and for the sections the cause moved.
    public var mover: Mover?
    /// Another person's edit moved it: its title stays marked in the mover's colour for the
    /// plan's `markDuration`.
    public var marked: Bool

    public init(
        id: SectionID, motion: Motion, from: Int?, to: Int?, retitled: Bool = false, mover: Mover? = nil,
        marked: Bool = false
    ) {
        self.id = id
        self.motion = motion
        self.from = from
        self.to = to
        self.retitled = retitled
        self.mover = mover
        self.marked = marked
    }
}
