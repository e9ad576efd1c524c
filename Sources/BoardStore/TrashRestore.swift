import BoardSync

/// What `BoardStore.restoreFromTrash` came to.
public enum TrashRestore: Hashable, Sendable {
    /// The board is back under its name, with every op and version it had.
    case restored(TrashedBoard)
    /// The trash holds no board of that name (deleted at that time, when one was given).
    case notInTrash
    /// A board of that name exists: the trashed one stays in the trash.
    case nameTaken
}
