import BoardSync
import TerminalUI

/// How a section title is drawn: bold and underlined at rest; in the mover's colour while its
/// section travels or stays marked; in reverse video while a new title flashes; revealed from
/// the left while the section appears (and hidden from the right while a deleted one goes).
struct SectionTitleStyle {
    var text: Style
    var reveal: Double

    init(text: Style = Style(attributes: [.bold, .underline]), reveal: Double = 1) {
        self.text = text
        self.reveal = reveal
    }

    init(_ motion: MotionFrame, model: AppModel) {
        self.init(reveal: motion.scale)
        if case .remote(_, let user)? = motion.isLifted ? motion.liftedBy : motion.markedBy {
            text.foreground = model.color(of: user)
        }
        if motion.isFlashing { text = text.adding(.reverse) }
    }

    /// The part of `title` shown.
    func shown(_ title: String) -> String {
        reveal >= 1 ? title : String(title.prefix(Int((Double(title.count) * reveal).rounded())))
    }
}
