import BoardSync

extension BoardView {
    /// `{"sections": [{"id", "title", "cells": [{"id", "label", "holder"?}]}]}`; a cell with a
    /// `holder` (`{"client", "user", "local"}`) is the placeholder of a dragged item.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("sections")
        writer.beginArray()
        for section in sections {
            writer.beginObject()
            writer.key("id")
            writer.string(section.id)
            writer.key("title")
            writer.string(section.title)
            writer.key("cells")
            writer.beginArray()
            for cell in section.cells { cell.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension ViewCell {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("label")
        writer.string(label)
        if let holder {
            writer.key("holder")
            writer.beginObject()
            writer.key("client")
            writer.string(holder.client)
            writer.key("user")
            writer.string(holder.user)
            writer.key("local")
            writer.bool(holder.isLocal)
            writer.endObject()
        }
        writer.endObject()
    }
}
