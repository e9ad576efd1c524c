import TerminalUI

/// The box listing every key, drawn over the middle of the screen.
enum HelpOverlay {
    static let lines = [
        "←↓↑→ hjkl  move the cursor",
        "space/enter  pick up / drop",
        "  while holding: arrows move",
        "  esc  put the tile back",
        "mouse  drag a tile",
        "a  add a tile after the cursor",
        "e  rename   d  delete (y/n)",
        "S  add a section",
        "E  rename the cursor's section",
        "<  >  move the section left, right",
        "D  delete the section (y/n)",
        "H  history   b  all boards",
        "u  undo",
        "?  this help   q/ctrl-c  quit",
    ]

    static func draw(into buffer: inout Buffer) {
        let width = min(buffer.width, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        let height = min(buffer.height, lines.count + 2)
        let rect = Rect(
            x: max(0, (buffer.width - width) / 2), y: max(0, (buffer.height - height) / 2), width: width, height: height
        )
        buffer.fill(rect)
        buffer.drawBox(rect, border: .rounded, style: Style(attributes: .bold), title: " keys ")
        for (index, line) in lines.enumerated() where index + 1 < height - 1 {
            buffer.write(line, x: rect.x + 2, y: rect.y + 1 + index, maxWidth: max(0, width - 4))
        }
    }
}
