import Testing

@testable import TerminalUI

@Suite("Colour palette")
struct ColorPaletteTests {
    @Test func theEnvironmentSaysHowManyColours() {
        let cases: [([String: String], ColorPalette)] = [
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "tmux-256color"], .indexed256),
            (["TERM": "screen-256color"], .indexed256),
            (["TERM": "xterm-direct"], .indexed256),
            (["TERM": "xterm", "COLORTERM": "truecolor"], .indexed256),
            (["TERM": "screen", "COLORTERM": "24bit"], .indexed256),
            (["TERM": "xterm"], .ansi),
            (["TERM": "screen"], .ansi),
            (["TERM": "linux"], .ansi),
            (["TERM": "dumb", "COLORTERM": "truecolor"], .ansi),
            ([:], .ansi),
        ]
        for (environment, palette) in cases {
            #expect(ColorPalette.detect(environment: environment) == palette, "\(environment)")
        }
    }
}
