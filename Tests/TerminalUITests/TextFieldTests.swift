import Testing

@testable import TerminalUI

/// The editable field: each editing key on a known text and cursor, paste, and text pictures of
/// the field scrolled, with its cursor, its marks and its counter.
@Suite("Text field")
struct TextFieldTests {
    func key(_ key: Key, _ modifiers: KeyModifiers = []) -> KeyEvent { KeyEvent(key, modifiers: modifiers) }
    func control(_ letter: Character) -> KeyEvent { KeyEvent(.character(letter), modifiers: .control) }
    func alt(_ letter: Character) -> KeyEvent { KeyEvent(.character(letter), modifiers: .alt) }

    /// The field's text with `|` where the cursor is.
    func shown(_ field: TextField) -> String {
        var text = field.text
        text.insert("|", at: text.index(text.startIndex, offsetBy: field.cursor))
        return text
    }

    /// `text` with the cursor at `|`.
    func field(_ marked: String, limit: Int? = nil) -> TextField {
        let parts = marked.split(separator: "|", omittingEmptySubsequences: false)
        var field = TextField(String(parts[0]) + String(parts[1]), limit: limit)
        field.handle(key(.end))
        for _ in 0..<parts[1].count { field.handle(key(.left)) }
        return field
    }

    @Test func everyEditingKeyDoesWhatAShellDoes() {
        let cases: [(start: String, key: KeyEvent, end: String, outcome: TextField.Outcome)] = [
            ("buy milk|", key(.left), "buy mil|k", .moved),
            ("|buy milk", key(.left), "|buy milk", .moved),
            ("buy| milk", key(.right), "buy |milk", .moved),
            ("buy milk|", key(.home), "|buy milk", .moved),
            ("buy milk|", control("a"), "|buy milk", .moved),
            ("|buy milk", key(.end), "buy milk|", .moved),
            ("|buy milk", control("e"), "buy milk|", .moved),
            ("buy milk now|", key(.left, .alt), "buy milk |now", .moved),
            ("buy milk now|", key(.left, .control), "buy milk |now", .moved),
            ("buy milk |now", alt("b"), "buy |milk now", .moved),
            ("|buy milk now", key(.right, .alt), "buy| milk now", .moved),
            ("buy| milk now", alt("f"), "buy milk| now", .moved),
            ("buy milk|", key(.backspace), "buy mil|", .edited),
            ("|buy milk", key(.backspace), "|buy milk", .moved),
            ("buy |milk", key(.delete), "buy |ilk", .edited),
            ("buy |milk", control("d"), "buy |ilk", .edited),
            ("buy milk|", key(.delete), "buy milk|", .moved),
            ("buy |milk", control("u"), "|milk", .edited),
            ("buy |milk", control("k"), "buy |", .edited),
            ("buy some-milk|", control("w"), "buy |", .edited),
            ("buy some-milk|", key(.backspace, .alt), "buy some-|", .edited),
            ("buy |some milk", alt("d"), "buy | milk", .edited),
            ("buy| milk", KeyEvent(.character("s")), "buys| milk", .edited),
            ("buy milk", key(.enter), "buy milk", .ignored),
            ("buy milk", key(.escape), "buy milk", .ignored),
            ("buy milk", key(.up), "buy milk", .ignored),
            ("buy milk", control("r"), "buy milk", .ignored),
        ]
        for (start, key, end, outcome) in cases {
            var field = field(start.contains("|") ? start : start + "|")
            let expectedEnd = end.contains("|") ? end : end + "|"
            #expect(field.handle(key) == outcome, "\(key) on \(start)")
            #expect(shown(field) == expectedEnd, "\(key) on \(start)")
        }
    }

    @Test func movesAndDeletionsStepOverWholeClusters() {
        var field = field("a👨\u{200D}👩\u{200D}👧e\u{301}|")
        field.handle(key(.backspace))
        #expect(shown(field) == "a👨\u{200D}👩\u{200D}👧|")
        field.handle(key(.left))
        #expect(shown(field) == "a|👨\u{200D}👩\u{200D}👧")
        field.handle(key(.delete))
        #expect(shown(field) == "a|")
    }

    @Test func pastedTextGoesInAtTheCursorAsOneLine() {
        var field = field("buy | today")
        field.insert("milk\r\nand\tbread\u{1B}[31m")
        #expect(shown(field) == "buy milk and bread[31m| today")
        field.insert("\u{7}")
        #expect(shown(field) == "buy milk and bread[31m| today")
    }

    @Test func anAccentTypedAfterALetterJoinsIt() {
        var field = field("cafe|")
        field.insert("\u{301}")
        #expect(field.text == "café" || field.text == "cafe\u{301}")
        #expect(field.cursor == 4)
    }

    /// The field drawn in a buffer `columns` wide after `keys`, as a picture with `[x]` around
    /// the cursor's cell.
    func picture(_ field: TextField, columns: Int) -> String {
        var buffer = Buffer(width: columns, height: 1)
        field.draw(in: Rect(x: 0, y: 0, width: columns, height: 1), into: &buffer)
        var line = ""
        for x in 0..<columns {
            guard let cell = buffer.cell(x: x, y: 0), !cell.isContinuation else { continue }
            line += cell.style.attributes.contains(.reverse) ? "[\(cell.symbol)]" : cell.symbol
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    @Test func longTextScrollsToKeepTheCursorInSight() {
        var field = TextField("The quick brown fox jumps")
        field.reveal(inField: 12)
        #expect(picture(field, columns: 12) == "… fox jumps[ ]", "the mark takes the place of the n")
        for _ in 0..<8 {
            field.handle(key(.left))
            field.reveal(inField: 12)
        }
        #expect(picture(field, columns: 12) == "… f[o]x jumps", "the window stays while the cursor is in it")
        for _ in 0..<3 {
            field.handle(key(.left))
            field.reveal(inField: 12)
        }
        #expect(picture(field, columns: 12) == "…[n] fox jumps", "moving past the left edge scrolls by a cluster")
        field.handle(key(.home))
        field.reveal(inField: 12)
        #expect(picture(field, columns: 12) == "[T]he quick b…")
        field.handle(control("e"))
        field.reveal(inField: 12)
        #expect(picture(field, columns: 12) == "… fox jumps[ ]")
        field.handle(control("u"))
        field.reveal(inField: 12)
        #expect(picture(field, columns: 12) == "[ ]")
    }

    @Test func wideTextScrollsByWholeClusters() {
        var field = TextField("日本語のテキスト")
        field.reveal(inField: 9)
        #expect(picture(field, columns: 9) == "… キスト[ ]", "the mark blanks both halves of テ")
        field.handle(key(.home))
        field.reveal(inField: 9)
        #expect(picture(field, columns: 9) == "[日]本語の…")
    }

    @Test func aCounterAppearsNearTheLimitAndTurnsRedPastIt() {
        var field = TextField(String(repeating: "x", count: 79), limit: 100, counterFrom: 80)
        field.reveal(inField: 20)
        #expect(field.counter == nil)
        field.insert("x")
        #expect(field.counter == "80/100")
        field.reveal(inField: 20)
        #expect(picture(field, columns: 20) == "…xxxxxxxxxxx[ ] 80/100")
        field.insert(String(repeating: "é", count: 21))
        #expect(field.counter == "101/100")
        var buffer = Buffer(width: 20, height: 1)
        field.draw(in: Rect(x: 0, y: 0, width: 20, height: 1), into: &buffer)
        #expect(buffer.cell(x: 19, y: 0)?.style.foreground == .red)
    }
}
