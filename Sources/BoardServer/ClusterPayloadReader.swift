/// Reads the payloads a cluster channel receives back into messages, in the order they come:
/// a whole message at once, a state once its last part has come (`ClusterStatePart`).
///
/// The parts of one state follow each other in their sender's order, from 1 to their count:
/// a sender publishes a message's payloads together, one after the other. A part that does not
/// continue what came before from its sender (another serial, a part skipped, because the
/// listener missed some) drops the state begun, so nothing incomplete is ever handed on; the
/// sender's next state is read as usual. A reader holds at most one state begun per sender.
struct ClusterPayloadReader {
    private var begun: [String: ClusterStatePart] = [:]

    /// The message `payload` completes, if any; nil for a payload this server does not
    /// understand or a part of a state still incomplete.
    mutating func read(_ payload: String) -> ClusterMessage? {
        guard let part = ClusterStatePart(payload: payload) else { return ClusterMessage.decode(payload) }
        var state = part
        if part.index > 1 {
            guard var earlier = begun.removeValue(forKey: part.node), earlier.serial == part.serial,
                earlier.index + 1 == part.index, earlier.count == part.count, earlier.board == part.board
            else { return nil }
            for (name, more) in part.boards {
                earlier.boards[name, default: .init()].peers += more.peers
                earlier.boards[name, default: .init()].drags += more.drags
            }
            earlier.index = part.index
            state = earlier
        }
        guard state.index == state.count else {
            begun[part.node] = state
            return nil
        }
        begun[part.node] = nil
        return ClusterMessage(node: state.node, body: .state(board: state.board, state.boards))
    }

    /// Forgets the states begun: what comes next starts afresh (after the listener lost its
    /// connection, say, and missed the rest of them).
    mutating func reset() {
        begun = [:]
    }

    /// How many senders have a state begun and not yet complete.
    var statesBegun: Int { begun.count }
}
