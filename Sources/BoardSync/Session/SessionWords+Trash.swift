extension SessionWords {
    /// The question before a board goes to the trash, naming its tiles.
    @inline(never)
    public static func deleteBoard(_ name: BoardName, tiles: Int) -> String {
        switch tiles {
        case 0: "Delete the empty board “\(name)”?"
        case 1: "Delete board “\(name)” and its 1 tile?"
        default: "Delete board “\(name)” and its \(tiles) tiles?"
        }
    }

    /// What is said once a board went to the trash.
    @inline(never)
    public static func boardDeleted(_ name: BoardName) -> String {
        "Board “\(name)” is in the trash; it can be restored from there."
    }

    /// What is said once a board came back from the trash.
    @inline(never)
    public static func boardRestored(_ name: BoardName, tiles: Int) -> String {
        "Board “\(name)” is back, with its \(tiles == 1 ? "1 tile" : "\(tiles) tiles")."
    }

    /// Why a board cannot come back from the trash under its name.
    @inline(never)
    public static func restoreNameTaken(_ name: BoardName) -> String {
        "A board named “\(name)” exists, so the one in the trash cannot come back under that name. "
            + "Delete the new one first."
    }

    /// Why a read-only command found no board.
    @inline(never)
    public static func noSuchBoard(_ name: BoardName) -> String {
        "There is no board called “\(name)” on this server; nothing was created."
    }
}
