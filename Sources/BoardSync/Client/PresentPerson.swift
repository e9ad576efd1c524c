/// A person on a board as every shell names them: one entry per user name, however many
/// connections go by it, in the colour that name has everywhere.
public struct PresentPerson: Hashable, Sendable {
    public var user: String
    /// How many connections go by this name, this client's own included for `isYou`.
    public var connections: Int
    /// Whether this is the person using this client.
    public var isYou: Bool

    public init(user: String, connections: Int, isYou: Bool) {
        self.user = user
        self.connections = connections
        self.isYou = isYou
    }

    /// The colour of the name.
    public var color: PeerColor { PeerColor(user: user) }

    /// The people of a board seen by `you`: `you` first, then every other name among `others`
    /// (the other connections' user names) in the order of their UTF-8 bytes; the other
    /// connections that go by `you`'s own name count as `you`'s. Names are the same only when
    /// their bytes are (`ExactText`), on every build.
    public static func list(you: String, others: [String]) -> [PresentPerson] {
        var people = [PresentPerson(user: you, connections: 1, isYou: true)]
        for name in others.stablySorted(by: ExactText.precedes) {
            if ExactText.same(name, you) {
                people[0].connections += 1
            } else if people.count > 1, ExactText.same(people[people.count - 1].user, name) {
                people[people.count - 1].connections += 1
            } else {
                people.append(PresentPerson(user: name, connections: 1, isYou: false))
            }
        }
        return people
    }
}

extension ClientMachine {
    /// The people on the board: this person first, then the others by name.
    public var people: [PresentPerson] {
        PresentPerson.list(you: user, others: Array(peers.values))
    }
}
