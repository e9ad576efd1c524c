import Testing

@testable import TerminalUI

@Suite("Animation")
struct TweenTests {
    private let origin = Point2D(x: 0, y: 0)
    private let destination = Point2D(x: 10, y: -4)

    @Test func easeOutCubicEndpointsAndShape() {
        #expect(Easing.easeOutCubic(0) == 0)
        #expect(Easing.easeOutCubic(1) == 1)
        #expect(Easing.easeOutCubic(-3) == 0)
        #expect(Easing.easeOutCubic(7) == 1)
        #expect(Easing.easeOutCubic(0.5) == 0.875)
        #expect(Easing.easeOutCubic(.nan) == 1)
    }

    @Test func easeOutIsMonotoneAndDecelerates() {
        let samples = (0...100).map { Easing.easeOutCubic(Double($0) / 100) }
        let steps = zip(samples.dropFirst(), samples).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 })
        #expect(zip(steps.dropFirst(), steps).allSatisfy { $0 <= $1 + 1e-12 })
    }

    @Test func tweenStartsAtStartAndEndsExactlyAtTarget() {
        let tween = Tween(from: origin, to: destination, startTime: 2, duration: 0.3)
        #expect(tween.value(at: 1) == origin)
        #expect(tween.value(at: 2) == origin)
        #expect(tween.value(at: 2.3) == destination)
        #expect(tween.value(at: 99) == destination)
        #expect(!tween.isFinished(at: 2.29))
        #expect(tween.isFinished(at: 2.3))
    }

    @Test func tweenMovesMonotonicallyTowardsTarget() {
        let tween = Tween(from: origin, to: destination, startTime: 0, duration: 1)
        let xs = (0...50).map { tween.value(at: Double($0) / 50).x }
        #expect(zip(xs.dropFirst(), xs).allSatisfy { $0 >= $1 })
        #expect(tween.value(at: 0.5).x > 5)
    }

    @Test func zeroDurationJumpsToTarget() {
        let tween = Tween(from: origin, to: destination, startTime: 5, duration: 0)
        #expect(tween.value(at: 5) == destination)
        #expect(Tween.resting(at: destination).value(at: 0) == destination)
    }

    @Test func retargetContinuesFromTheCurrentPosition() {
        var tween = Tween(from: origin, to: destination, startTime: 0, duration: 1)
        let midFlight = tween.value(at: 0.4)
        let newTarget = Point2D(x: -6, y: 3)
        tween.retarget(to: newTarget, at: 0.4)
        #expect(tween.value(at: 0.4) == midFlight)
        #expect(tween.start == midFlight)
        let justAfter = tween.value(at: 0.401)
        #expect(abs(justAfter.x - midFlight.x) < 0.05 && abs(justAfter.y - midFlight.y) < 0.05)
        #expect(tween.value(at: 1.4) == newTarget)
        tween.retarget(to: origin, at: 1.0, duration: 0.5)
        #expect(tween.duration == 0.5)
        #expect(tween.value(at: 1.5) == origin)
    }
}
