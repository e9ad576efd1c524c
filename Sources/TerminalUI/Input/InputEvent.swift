/// Modifier keys held during a key press or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// A key on the keyboard. Ctrl+letter arrives as `.character` of the
/// lowercase letter with the `.control` modifier.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// F1 is `.function(1)`.
    case function(Int)
}

/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}

/// A mouse button that can be pressed, dragged with or released.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// What the mouse did.
public enum MouseAction: Hashable, Sendable {
    case press(MouseButton)
    /// Motion while `MouseButton` is held.
    case drag(MouseButton)
    case release(MouseButton)
    /// Motion without a button (only reported when any-motion tracking is on).
    case move
    case scrollUp
    case scrollDown
}

/// A mouse report at a 0-based cell position.
public struct MouseEvent: Hashable, Sendable {
    public var action: MouseAction
    public var x: Int
    public var y: Int
    public var modifiers: KeyModifiers

    public init(_ action: MouseAction, x: Int, y: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}

/// Something the user did, decoded from terminal input bytes.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    case mouse(MouseEvent)
    /// Text pasted while bracketed paste was enabled; line breaks are `\n`.
    case paste(String)

    /// A key event without modifiers.
    public static func key(_ key: Key, modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(key, modifiers: modifiers))
    }

    /// A plain character key.
    public static func character(_ character: Character, modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(.character(character), modifiers: modifiers))
    }
}
