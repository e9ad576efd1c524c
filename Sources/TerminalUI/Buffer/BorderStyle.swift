/// The line characters of a box border.
public struct BorderStyle: Hashable, Sendable {
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character

    public init(
        horizontal: Character, vertical: Character,
        topLeft: Character, topRight: Character,
        bottomLeft: Character, bottomRight: Character
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// `┌─┐ │ └─┘`
    public static let single = BorderStyle(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
    /// `╔═╗ ║ ╚═╝`
    public static let double = BorderStyle(
        horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
    /// `╭─╮ │ ╰─╯`
    public static let rounded = BorderStyle(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
    /// Heavy lines `┏━┓ ┃ ┗━┛`.
    public static let bold = BorderStyle(
        horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
}
