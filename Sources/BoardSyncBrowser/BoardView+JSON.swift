import BoardSync

extension BoardView {
    /// `{"sections": [{"id", "title", "cells": [{"id", "label", "holder"?}]}]}`; a cell with a
    /// `holder` (`{"client", "user", "local", "color"}`) is the placeholder of a dragged item.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.arrayField("sections")
        for section in sections { section.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
    }
}

extension ViewChanges {
    /// `{"order": ["id", …], "sections": [splice, …]}`, each section new or changed as
    /// `{"id", "title", "at", "remove", "cells": [...]}` (`remove` cells of the section shown
    /// from index `at` replaced by `cells`; none shown for a new section).
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.arrayField("order")
        for id in order { writer.element(id.rawValue) }
        writer.closeArray()
        writer.arrayField("sections")
        for splice in sections { splice.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
    }
}

extension CellSplice {
    /// `{"id", "title", "at", "remove", "cells": [...]}`.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("id", id.rawValue)
        writer.field("title", title)
        writer.field("at", at)
        writer.field("remove", removing)
        writer.arrayField("cells")
        for cell in cells { cell.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
    }
}

extension ViewSection {
    /// `{"id", "title", "cells": [...]}`.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("id", id.rawValue)
        writer.field("title", title)
        writer.arrayField("cells")
        for cell in cells { cell.write(to: &writer) }
        writer.closeArray()
        writer.closeObject()
    }
}

extension ViewCell {
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("id", id.rawValue)
        writer.field("label", label)
        if let holder {
            writer.objectField("holder")
            writer.field("client", holder.client.rawValue)
            writer.field("user", holder.user)
            writer.field("local", holder.isLocal)
            writer.field("color", PeerColor(user: holder.user).rawValue)
            writer.closeObject()
        }
        writer.closeObject()
    }
}
