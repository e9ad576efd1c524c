import BoardClientApp
import BoardSync
import Foundation
import TerminalUI
import Testing

/// People's colours on a terminal: twelve hues from the 256-colour palette where the terminal has
/// it, each legible on a dark background, far apart from the others and a shade of the person's
/// six-colour `PeerColor`; the six ANSI colours elsewhere; chosen by the name on both clients.
@Suite struct PeerColorsTests {
    /// The colour of an entry of the xterm 256-colour palette's 6×6×6 cube.
    static func rgb(_ index: UInt8) -> (red: Double, green: Double, blue: Double) {
        let levels: [Double] = [0, 95, 135, 175, 215, 255]
        let cube = Int(index) - 16
        return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
    }

    static func linear(_ channel: Double) -> Double {
        let value = channel / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// WCAG relative luminance.
    static func luminance(_ index: UInt8) -> Double {
        let (red, green, blue) = rgb(index)
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// CIE L*a*b* under D65.
    static func lab(_ index: UInt8) -> (Double, Double, Double) {
        let (red, green, blue) = rgb(index)
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// The hue angle in degrees.
    static func hue(_ index: UInt8) -> Double {
        let (red, green, blue) = rgb(index)
        let angle = atan2(sqrt(3) * (green - blue), 2 * red - green - blue) * 180 / .pi
        return angle < 0 ? angle + 360 : angle
    }

    @Test func everyHueIsAColourOfTheCube() {
        #expect(PeerColors.hues256.count == PeerHue.count)
        #expect(PeerColors.hues256.allSatisfy { $0 >= 16 && $0 <= 231 })
        #expect(Set(PeerColors.hues256).count == PeerHue.count)
    }

    @Test func everyHueReadsWellOnADarkBackground() {
        for index in PeerColors.hues256 {
            let contrast = (Self.luminance(index) + 0.05) / 0.05
            #expect(contrast >= 4.5, "colour \(index) has a contrast of \(contrast) against black")
        }
    }

    @Test func huesAreFarApart() {
        var closest = Double.infinity
        for (i, first) in PeerColors.hues256.enumerated() {
            for second in PeerColors.hues256[(i + 1)...] {
                let (a, b) = (Self.lab(first), Self.lab(second))
                closest = min(closest, sqrt(pow(a.0 - b.0, 2) + pow(a.1 - b.1, 2) + pow(a.2 - b.2, 2)))
            }
        }
        #expect(closest >= 35, "the two closest hues are \(closest) apart (CIE76)")
    }

    @Test func eachHueIsAShadeOfItsPeerColour() {
        let reference: [PeerColor: Double] = [.red: 0, .yellow: 60, .green: 120, .cyan: 180, .blue: 240, .magenta: 300]
        for (index, entry) in PeerColors.hues256.enumerated() {
            let color = PeerColor.allCases[index % PeerColor.allCases.count]
            let difference = abs(Self.hue(entry) - reference[color]!)
            #expect(min(difference, 360 - difference) <= 40, "entry \(entry) is not \(color)")
        }
    }

    @Test func thePaletteDecidesBetweenTheHueAndTheSixColours() {
        let names = (0..<100).map { "person \($0)" }
        for name in names {
            #expect(
                PeerColors.color(for: name, in: .indexed256)
                    == .indexed(PeerColors.hues256[PeerHue(user: name).index]))
            let ansi = PeerColors.color(for: name, in: .ansi)
            #expect(
                ansi
                    == [Color.cyan, .magenta, .yellow, .green, .blue, .red][
                        PeerColor.allCases.firstIndex(of: PeerColor(user: name))!])
        }
        #expect(Set(names.map { PeerColors.color(for: $0, in: .indexed256) }).count == 12)
    }

    @Test func theStatusLineUsesTheTerminalsPalette() {
        let peers = ["bob", "cleo"].map { ServerMessage.Peer(client: ClientID("\($0)000000000000001"), user: $0) }
        var model = ModelFixtures.model(width: 60, peers: peers)
        model.palette = .indexed256
        let buffer = AppView.render(model, time: 10)
        let bob = try? #require((0..<60).first { buffer.cell(x: $0, y: 0)?.symbol == "b" })
        #expect(
            buffer.cell(x: bob ?? 0, y: 0)?.style.foreground == .indexed(PeerColors.hues256[PeerHue(user: "bob").index])
        )
    }
}
