import TerminalUI

/// The box listing every key, drawn over the middle of the screen and scrolled to the model's
/// `helpScroll`; its bottom edge says where in the list it is when the list does not fit.
enum HelpOverlay {
    static func draw(_ model: AppModel, into buffer: inout Buffer) {
        let size = TerminalSize(width: buffer.width, height: buffer.height)
        let rect = HelpText.box(on: size)
        guard rect.width >= 4, rect.height >= 3 else { return }
        let lines = HelpText.lines(columns: rect.width - 4)
        let rows = HelpText.visibleRows(on: size)
        let scroll = max(0, min(model.helpScroll, HelpText.maximumScroll(on: size)))
        buffer.fill(rect)
        buffer.drawBox(rect, border: .rounded, style: Style(attributes: .bold), title: " keys ")
        let keysStyle = Style(foreground: .yellow, attributes: .bold)
        let inner = rect.width - 4
        for (offset, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
            let y = rect.y + 1 + offset
            if line.isHeading {
                buffer.write(
                    line.keys, x: rect.x + 2, y: y, maxWidth: inner, style: Style(attributes: [.bold, .underline]))
                continue
            }
            buffer.write(line.keys, x: rect.x + 2, y: y, maxWidth: inner, style: keysStyle)
            buffer.write(line.text, x: rect.x + 2 + line.indent, y: y, maxWidth: max(0, inner - line.indent))
        }
        guard lines.count > rows else { return }
        let more =
            scroll == 0
            ? " ↓ more "
            : scroll + rows >= lines.count ? " ↑ " : " ↑ ↓ "
        let position = " \(scroll + 1)–\(min(lines.count, scroll + rows)) of \(lines.count)\(more)"
        buffer.write(position, x: rect.x + 2, y: rect.bottom - 1, maxWidth: inner, style: Style(attributes: .bold))
    }
}
