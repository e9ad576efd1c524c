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
    func write(to writer: inout JSONWriter, session handle: Int? = nil) {
        writer.openObject()
        if let handle { writer.field("session", handle) }
        if let error { writer.field("error", error.message) }
        writer.arrayField("send")
        for message in send { writer.element(String(decoding: WireCodec.encode(message), as: UTF8.self)) }
        writer.closeArray()
        writer.arrayField("notices")
        for notice in notices { notice.write(to: &writer) }
        writer.closeArray()
        if !session.announcements.isEmpty {
            writer.arrayField("announcements")
            for sentence in session.announcements { writer.element(sentence) }
            writer.closeArray()
        }
        writer.field("reconnect", session.reconnect)
        if let tickAfterMs { writer.field("tickAfterMs", tickAfterMs) }
        if let connectAfterMs { writer.field("connectAfterMs", connectAfterMs) }
        if let saveAfterMs { writer.field("saveAfterMs", saveAfterMs) }
        if let edit = session.edit { edit.write(to: &writer) }
        if let stopped = session.stopped { writer.field("stopped", stopped) }
        if let problem = session.problem { writer.field("problem", problem.message) }
        writer.key("status")
        status.write(to: &writer)
        writer.key("batch")
        if let batch { batch.write(to: &writer) } else { writer.null() }
        writer.key("plan")
        if let plan { plan.write(to: &writer) } else { writer.null() }
        if let view {
            writer.key("view")
            view.write(to: &writer)
        }
        if let changes {
            writer.key("changes")
            changes.write(to: &writer)
        }
        if let textCheck { textCheck.write(to: &writer) }
        if let question { writer.field("question", question) }
        if let restorable { writer.field("restorable", restorable) }
        if let history {
            writer.arrayField("history")
            for line in history {
                writer.openObject()
                if line.first != line.version { writer.field("first", line.first) }
                writer.field("version", line.version)
                writer.field("user", line.user)
                writer.field("at", line.at)
                writer.field("text", line.text)
                writer.closeObject()
            }
            writer.closeArray()
        }
        writer.closeObject()
    }
}

extension EditChange {
    /// `"edit": {"target": target or null, "words"?}`.
    func write(to writer: inout JSONWriter) {
        writer.objectField("edit")
        writer.key("target")
        if let target { target.write(to: &writer) } else { writer.null() }
        if let words { writer.field("words", words) }
        writer.closeObject()
    }
}

extension EditTarget {
    /// `{"kind": "newTile", "section", "index"?}` (`"after"` for a tile to follow),
    /// `{"kind": "renameTile", "item"}`, `{"kind": "newSection"}`, `{"kind": "renameSection", "section"}`.
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        switch self {
        case .addItem(let place):
            writer.field("kind", "newTile")
            switch place {
            case .after(let item): writer.field("after", item.rawValue)
            case .endOf(let section): writer.field("section", section.rawValue)
            case .position(let position):
                writer.field("section", position.section.rawValue)
                writer.field("index", position.index)
            }
        case .renameItem(let item):
            writer.field("kind", "renameTile")
            writer.field("item", item.rawValue)
        case .addSection:
            writer.field("kind", "newSection")
        case .renameSection(let section):
            writer.field("kind", "renameSection")
            writer.field("section", section.rawValue)
        }
        writer.closeObject()
    }
}

extension TextCheck {
    /// `"text": {"fits", "length", "limit", "counter", "problem", "cut"}`; `counter`, `problem`
    /// (a sentence) and `cut` (a sentence) are null when there is none.
    func write(to writer: inout JSONWriter) {
        writer.objectField("text")
        writer.field("fits", fits)
        writer.field("length", length)
        writer.field("limit", limit)
        writer.field("counter", optional: counter)
        writer.field("problem", optional: problem?.sentence)
        writer.field("cut", optional: cut)
        writer.closeObject()
    }
}

extension SessionNotice {
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("kind", kind)
        writer.field("text", text)
        if let item { writer.field("item", item.rawValue) }
        if case .refused(let code, _) = notice { writer.field("code", code.rawValue) }
        if !isShown { writer.field("shown", false) }
        if isWarning { writer.field("warning", true) }
        writer.closeObject()
    }
}

extension BrowserStatus {
    func write(to writer: inout JSONWriter) {
        writer.openObject()
        writer.field("client", client.rawValue)
        writer.field("user", user)
        writer.field("color", PeerColor(user: user).rawValue)
        writer.field("board", board.rawValue)
        writer.field("phase", phaseName)
        writer.objectField("connection")
        writeConnection(to: &writer)
        writer.closeObject()
        writer.field("role", role.rawValue)
        writer.field("version", version)
        writer.field("pending", pending)
        writer.field("canUndo", canUndo)
        writer.field("canRedo", canRedo)
        if let drag {
            writer.objectField("drag")
            writer.field("item", drag.item.rawValue)
            if let items = drag.items {
                writer.arrayField("items")
                for item in items { writer.element(item.rawValue) }
                writer.closeArray()
            }
            writer.field("section", drag.to.section.rawValue)
            writer.field("index", drag.to.index)
            writer.closeObject()
        } else {
            writer.nullField("drag")
        }
        writer.arrayField("peers")
        for peer in peers {
            writer.openObject()
            writer.field("client", peer.client.rawValue)
            writer.field("user", peer.user)
            writer.field("color", PeerColor(user: peer.user).rawValue)
            writer.closeObject()
        }
        writer.closeArray()
        writer.arrayField("people")
        for person in people {
            writer.openObject()
            writer.field("user", person.user)
            writer.field("color", person.color.rawValue)
            writer.field("connections", person.connections)
            writer.field("you", person.isYou)
            writer.closeObject()
        }
        writer.closeArray()
        writer.field("lastRemoteAction", optional: lastRemoteAction)
        writer.field("announcement", optional: announcement)
        writer.arrayField("selection")
        for item in selection { writer.element(item.rawValue) }
        writer.closeArray()
        writer.closeObject()
    }

    /// `{"state": "idle" | "connecting" | "live" | "waiting" | "stopped"}`, with `untilMs` and
    /// `problem` while waiting and `reason` once stopped.
    private func writeConnection(to writer: inout JSONWriter) {
        switch connection {
        case .idle: writer.field("state", "idle")
        case .connecting: writer.field("state", "connecting")
        case .live: writer.field("state", "live")
        case .waiting(let until, let problem):
            writer.field("state", "waiting")
            writer.field("untilMs", BrowserStep.milliseconds(until))
            if let problem { writer.field("problem", problem) }
        case .stopped(let reason):
            writer.field("state", "stopped")
            writer.field("reason", reason)
        }
    }

    private var phaseName: String {
        switch phase {
        case .offline: "offline"
        case .awaitingWelcome: "connecting"
        case .live: "live"
        }
    }
}
