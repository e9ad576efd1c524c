import BoardClientApp
import BoardSync
import TerminalUI
import Testing

@Suite struct AnimationTests {
    typealias F = ModelFixtures
    static let bob = ServerMessage.Peer(client: "bob0000000000001", user: "bob")

    func remote(_ op: Op, version: Int) -> AppMessage {
        .server(.op(.init(version: version, client: Self.bob.client, user: "bob", op: op)))
    }

    func pos(_ section: String, _ index: Int) -> Position { Position(section: section, index: index) }

    @Test func movedTileSlidesAndEndsExactlyAtItsNewCell() {
        var model = F.model()
        let start = model.layout.tiles["todo0"]!
        let commands = model.update(
            remote(.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 2)), version: 2), now: 1)
        #expect(commands.contains(.requestFrame))
        let target = model.layout.tiles["todo0"]!
        #expect(target.x == 31 && target.y == start.y)
        #expect(model.animator.origin(of: "todo0", at: 1) == Point(x: start.x, y: start.y))
        var previous = start.x
        for step in 1...9 {
            let x = model.animator.origin(of: "todo0", at: 1 + Double(step) * 0.02)!.x
            #expect(x >= previous && x <= target.x, "step \(step): \(x)")
            previous = x
        }
        let middle = model.animator.origin(of: "todo0", at: 1.1)!.x
        #expect(middle > start.x && middle < target.x)
        #expect(model.animator.origin(of: "todo0", at: 1.2) == Point(x: target.x, y: target.y))
        #expect(model.update(.frame, now: 1.1) == [.requestFrame])
        #expect(model.update(.frame, now: 1.2) == [])
    }

    @Test func aBatchInMidFlightContinuesFromTheCurrentPosition() {
        var model = F.model()
        _ = model.update(remote(.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 3)), version: 2), now: 1)
        let before = model.animator.tweens["todo0"]!.value(at: 1.08)
        _ = model.update(remote(.move(item: "todo0", from: pos("todo", 3), to: pos("done", 0)), version: 3), now: 1.08)
        let after = model.animator.tweens["todo0"]!.value(at: 1.08)
        #expect(before == after)
        let final = model.layout.tiles["todo0"]!
        let halfway = model.animator.tweens["todo0"]!.value(at: 1.18)
        #expect(halfway.y > before.y && halfway.y < Double(final.y))
        #expect(model.animator.origin(of: "todo0", at: 1.28) == Point(x: final.x, y: final.y))
    }

    @Test func deletedTileFadesThenDisappears() {
        var model = F.model()
        _ = model.update(remote(.delete(item: "done0", from: pos("done", 0)), version: 2), now: 1)
        #expect(model.animator.fading["done0"] != nil)
        let during = AppView.render(model, time: 1.1)
        #expect(during.textLines(trimmingTrailingSpaces: true)[11] == " │ Photos     │")
        let cell = during.cell(x: 3, y: 11)
        #expect(cell?.symbol == "P")
        #expect(cell?.style.attributes.contains(.dim) == true)
        _ = model.update(.frame, now: 1.3)
        #expect(AppView.render(model, time: 1.3).textLines(trimmingTrailingSpaces: true)[11] == "   (empty)")
        #expect(model.update(.frame, now: 1.4) == [])
    }

    @Test func insertedTileAppearsInPlace() {
        var model = F.model()
        let op = Op.insert(item: Item(id: "new", label: "Fresh"), to: pos("done", 0))
        _ = model.update(remote(op, version: 2), now: 1)
        #expect(
            model.animator.origin(of: "new", at: 1)
                == Point(x: model.layout.tiles["new"]!.x, y: model.layout.tiles["new"]!.y))
        #expect(AppView.render(model, time: 1).textLines().joined().contains("Fresh"))
    }

    @Test func framesDrawTheTileBetweenItsCells() {
        var model = F.model()
        _ = model.update(remote(.move(item: "todo0", from: pos("todo", 0), to: pos("todo", 1)), version: 2), now: 1)
        let lines = AppView.render(model, time: 1.05).textLines(trimmingTrailingSpaces: true)
        let x = model.animator.origin(of: "todo0", at: 1.05)!.x
        #expect(x > 1 && x < 16)
        let row = Array(lines[3])
        #expect(String(row[(x + 2)..<(x + 6)]) == "Mail")
        let end = AppView.render(model, time: 1.2).textLines(trimmingTrailingSpaces: true)
        #expect(end[3] == " │ Maps       │ ┃ Mail       ┃ │ Notes      │")
    }
}

@Suite struct RenderCacheTests {
    @Test func cachedFramesEqualUncachedFrames() {
        var model = ModelFixtures.model()
        let cache = RenderCache()
        let bob = "bob0000000000001"
        var version = 1
        for step in 0..<6 {
            version += 1
            let op = Op.move(
                item: "todo\(step % 3)",
                from: model.machine.committed!.position(ofItem: "todo\(step % 3)")!,
                to: Position(section: step % 2 == 0 ? "done" : "todo", index: 0))
            _ = model.update(.server(.op(.init(version: version, client: bob, user: "bob", op: op))), now: Double(step))
            if step == 3 { _ = model.update(.input(.character(" ")), now: Double(step)) }
            for frame in 0..<15 {
                let time = Double(step) + Double(frame) / 60
                #expect(AppView.render(model, time: time, cache: cache) == AppView.render(model, time: time))
            }
        }
    }
}
