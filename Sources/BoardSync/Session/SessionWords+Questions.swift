extension SessionWords {
    /// Before deleting a section: how many tiles go with it and who is moving one of them.
    @inline(never)
    public static func deleteSection(_ title: String, tiles: Int, holders: [String]) -> String {
        let question =
            switch tiles {
            case 0: "Delete the empty section “\(title)”?"
            case 1: "Delete section “\(title)” and its 1 tile?"
            default: "Delete section “\(title)” and its \(tiles) tiles?"
            }
        guard !holders.isEmpty else { return question }
        let verb = holders.count == 1 ? "is" : "are"
        let what = tiles == 1 ? "it" : holders.count == 1 ? "one of them" : "some of them"
        return "\(question) \(names(holders)) \(verb) moving \(what)."
    }

    /// Edits this client made that the server has not acknowledged yet.
    @inline(never)
    public static func unsentEdits(_ count: Int) -> String {
        count == 1 ? "1 edit not sent yet" : "\(count) edits not sent yet"
    }

    /// Before quitting with edits not acknowledged yet.
    @inline(never)
    public static func quitWithUnsentEdits(_ count: Int) -> String {
        "\(unsentEdits(count)): quit anyway?"
    }

    /// Someone deleted the tile whose label the person was changing.
    @inline(never)
    public static func deletedWhileRenaming(_ label: String, by user: String?) -> String {
        "\(deleted(label, by: user)) while you were renaming it; your text is kept."
    }

    /// Someone deleted the section the person was adding a tile to.
    @inline(never)
    public static func deletedWhileAdding(section title: String, by user: String?) -> String {
        "\(deleted("section \(title)", by: user)) while you were adding a tile to it; your text is kept."
    }

    /// Someone deleted the section whose title the person was changing.
    @inline(never)
    public static func deletedWhileRenaming(section title: String, by user: String?) -> String {
        "\(deleted("section \(title)", by: user)) while you were renaming it; your text is kept."
    }

    @inline(never)
    private static func deleted(_ what: String, by user: String?) -> String {
        user.map { "\($0) deleted \(what)" } ?? "\(what) was deleted"
    }

    /// Names as a list in words: "bob", "bob and carol", "bob, carol and dan".
    @inline(never)
    private static func names(_ list: [String]) -> String {
        var text = ""
        for (index, name) in list.enumerated() {
            if index > 0 { text += index == list.count - 1 ? " and " : ", " }
            text += name
        }
        return text
    }
}
