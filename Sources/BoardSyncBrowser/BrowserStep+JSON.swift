import BoardSync

extension BrowserStep {
    /// The step as the JSON object the page reads (docs/BROWSER.md), members always in the
    /// same order; absent optional fields are omitted.
    public var json: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512)
        write(to: &writer)
        return writer.bytes
    }

    /// Writes the step's object; `session` adds the handle of a session just opened.
    func write(to writer: inout JSONWriter, session: Int? = nil) {
        writer.beginObject()
        if let session {
            writer.key("session")
            writer.integer(session)
        }
        if let error {
            writer.key("error")
            writer.string(error.message)
        }
        writer.key("send")
        writer.beginArray()
        for message in send { writer.string(String(decoding: WireCodec.encode(message), as: UTF8.self)) }
        writer.endArray()
        writer.key("notices")
        writer.beginArray()
        for notice in notices { notice.write(to: &writer) }
        writer.endArray()
        writer.key("reconnect")
        writer.bool(reconnect)
        if let tickAfterMs {
            writer.key("tickAfterMs")
            writer.integer(tickAfterMs)
        }
        if let reconnectAfterMs {
            writer.key("reconnectAfterMs")
            writer.integer(reconnectAfterMs)
        }
        writer.key("status")
        status.write(to: &writer)
        writer.key("batch")
        if let batch { batch.write(to: &writer) } else { writer.null() }
        if let view {
            writer.key("view")
            view.write(to: &writer)
        }
        writer.endObject()
    }
}

extension BrowserNotice {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("kind")
        writer.string(kind)
        writer.key("text")
        writer.string(text)
        if let item {
            writer.key("item")
            writer.string(item)
        }
        if case .refused(let code, _) = notice {
            writer.key("code")
            writer.string(code.rawValue)
        }
        writer.endObject()
    }
}

extension BrowserStatus {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("client")
        writer.string(client)
        writer.key("user")
        writer.string(user)
        writer.key("board")
        writer.string(board)
        writer.key("phase")
        switch phase {
        case .offline: writer.plainString("offline")
        case .awaitingWelcome: writer.plainString("connecting")
        case .live: writer.plainString("live")
        }
        writer.key("role")
        writer.string(role.rawValue)
        writer.key("version")
        writer.integer(version)
        writer.key("pending")
        writer.integer(pending)
        writer.key("canUndo")
        writer.bool(canUndo)
        writer.key("drag")
        if let drag {
            writer.beginObject()
            writer.key("item")
            writer.string(drag.item)
            writer.key("section")
            writer.string(drag.to.section)
            writer.key("index")
            writer.integer(drag.to.index)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("peers")
        writer.beginArray()
        for peer in peers {
            writer.beginObject()
            writer.key("client")
            writer.string(peer.client)
            writer.key("user")
            writer.string(peer.user)
            writer.endObject()
        }
        writer.endArray()
        writer.key("lastRemoteAction")
        if let lastRemoteAction { writer.string(lastRemoteAction) } else { writer.null() }
        writer.endObject()
    }
}
