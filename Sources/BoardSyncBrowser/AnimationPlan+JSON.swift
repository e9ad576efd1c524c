import BoardSync

extension AnimationPlan {
    /// `{"durationMs", "markMs", "sections": [...], "cells": [...]}`: the entries that have
    /// something to play, in the plan's order (new view first, then the deleted ones). An entry
    /// left out is a still cell or section that nothing changed.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("durationMs", Int(duration * 1000))
        writer.field("markMs", Int(markDuration * 1000))
        writer.arrayField("sections")
        for section in sections where section.playsSomething { section.write(to: &writer) }
        writer.closeArray()
        writer.arrayField("cells")
        for cell in cells where cell.playsSomething { cell.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
    }
}

extension SectionAnimation {
    var playsSomething: Bool { motion != .still || retitled || marked || mover != nil }

    /// `{"id", "motion", "retitled", "mover", "marked"}`; `retitled`, `mover` and `marked` are
    /// left out when false or null. Where the section was and is comes with the batch and the
    /// view; the page reads places from the screen.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("id", id.rawValue)
        writer.field("motion", motion.rawValue)
        if retitled { writer.field("retitled", true) }
        mover.writeField(to: &writer)
        if marked { writer.field("marked", true) }
        writer.closeObject()
    }
}

extension CellAnimation {
    var playsSomething: Bool { motion != .still || reloaded || placeholder != .none || marked || mover != nil }

    /// `{"id", "motion", "reloaded", "placeholder", "mover", "marked"}`; `reloaded`,
    /// `placeholder`, `mover` and `marked` are left out when false, `none` or null (a long
    /// board's batch shifts hundreds of cells, each with nothing but its motion to say). Where
    /// the cell was and is comes with the batch and the view; the page reads places from the
    /// screen.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("id", id.rawValue)
        writer.field("motion", motion.rawValue)
        if reloaded { writer.field("reloaded", true) }
        if placeholder != .none { writer.field("placeholder", placeholder.rawValue) }
        mover.writeField(to: &writer)
        if marked { writer.field("marked", true) }
        writer.closeObject()
    }
}

extension Optional<Mover> {
    /// `"mover": …` when there is one; nothing for nobody in particular.
    func writeField(to writer: inout JSONWriter) {
        guard self != nil else { return }
        writer.key("mover")
        write(to: &writer)
    }

    /// `null` (nobody in particular), `{"local": true}` (this person) or
    /// `{"local": false, "client", "user", "color"}` (another connection).
    func write(to writer: inout JSONWriter) {
        switch self {
        case nil:
            writer.null()
        case .local?:
            writer.openObject()
            writer.field("local", true)
            writer.closeObject()
        case .remote(let client, let user)?:
            writer.openObject()
            writer.field("local", false)
            writer.field("client", client.rawValue)
            writer.field("user", user)
            writer.field("color", PeerColor(user: user).rawValue)
            writer.closeObject()
        }
    }
}
