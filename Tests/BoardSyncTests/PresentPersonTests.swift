import BoardSync
import Testing

/// The people every shell names: one per user name, this person first, the rest by name.
@Suite struct PresentPersonTests {
    @Test func thisPersonComesFirstThenTheOthersByName() {
        let people = PresentPerson.list(you: "zoe", others: ["cleo", "ann", "bob"])
        #expect(people.map(\.user) == ["zoe", "ann", "bob", "cleo"])
        #expect(people.map(\.isYou) == [true, false, false, false])
        #expect(people.allSatisfy { $0.connections == 1 })
        #expect(people.allSatisfy { $0.color == PeerColor(user: $0.user) })
    }

    @Test func connectionsUnderOneNameAreOnePersonCounted() {
        let people = PresentPerson.list(you: "zoe", others: ["bob", "cleo", "bob", "bob"])
        #expect(people.map(\.user) == ["zoe", "bob", "cleo"])
        #expect(people.map(\.connections) == [1, 3, 1])
    }

    @Test func otherConnectionsUnderThisPersonsNameCountAsTheirs() {
        let people = PresentPerson.list(you: "zoe", others: ["zoe", "bob", "zoe"])
        #expect(
            people == [
                PresentPerson(user: "zoe", connections: 3, isYou: true),
                PresentPerson(user: "bob", connections: 1, isYou: false),
            ])
    }

    @Test func aBoardOfOneIsThisPersonAlone() {
        #expect(PresentPerson.list(you: "zoe", others: []) == [PresentPerson(user: "zoe", connections: 1, isYou: true)])
    }

    @Test func theMachineNamesThePeopleOfItsPresence() {
        var machine = liveClient()
        _ = machine.receive(.presence(.init(action: .join, client: "C", user: "bob")))
        _ = machine.receive(.presence(.init(action: .join, client: "D", user: "ann")))
        #expect(
            machine.people == [
                PresentPerson(user: "ann", connections: 2, isYou: true),
                PresentPerson(user: "bob", connections: 2, isYou: false),
            ])
        _ = machine.receive(.presence(.init(action: .leave, client: "B", user: "bob")))
        #expect(machine.people.map(\.connections) == [2, 1])
    }
}

/// Names written differently are different people, even when Unicode calls them equivalent, and
/// they are ordered by their bytes: the module (no normalization tables) decides the same.
@Suite struct PresentPersonExactNameTests {
    @Test func canonicallyEquivalentNamesStayApart() {
        let precomposed = "Ren\u{E9}"
        let decomposed = "Rene\u{301}"
        let people = PresentPerson.list(you: precomposed, others: [decomposed, "Ann"])
        #expect(
            people.map { Array($0.user.utf8) } == [Array(precomposed.utf8), Array("Ann".utf8), Array(decomposed.utf8)])
        #expect(people.map(\.connections) == [1, 1, 1])
    }

    @Test func namesAreOrderedByTheirBytes() {
        let people = PresentPerson.list(you: "zoe", others: ["bob", "Zed", "éva", "Émile"])
        #expect(people.map(\.user) == ["zoe", "Zed", "bob", "Émile", "éva"])
    }
}
