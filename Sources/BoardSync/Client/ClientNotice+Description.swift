extension ClientNotice {
    /// The notice in words, as every client shows it ("bob moved Mail right after your drop").
    /// `label` names an item by its id: its label on the board the person sees, or the id itself
    /// when nothing better is known.
    public func text(label: (ItemID) -> String) -> String {
        switch self {
        case .remoteAction(let text): return text
        case .refused(let code, let message): return "refused (\(code.rawValue)): \(message)"
        case .locked(_, let message): return "locked: \(message)"
        case .dropOverridden(let item, let by): return "\(by) moved \(label(item)) right after your drop"
        case .dragLost(let item, let by): return "\(label(item)) was deleted by \(by ?? "someone")"
        case .invalidEdit(let error): return "not possible: \(error)"
        case .viewOnly: return "view only: this board cannot be changed from here"
        }
    }
}
