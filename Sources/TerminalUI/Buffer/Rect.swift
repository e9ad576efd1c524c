/// An axis-aligned rectangle of cells; `x`/`y` is the top-left corner.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle.
    public var right: Int { x + width }
    /// The row just below the rectangle.
    public var bottom: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < right && py >= y && py < bottom
    }

    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let newRight = min(right, other.right)
        let newBottom = min(bottom, other.bottom)
        return Rect(x: left, y: top, width: newRight - left, height: newBottom - top)
    }

    /// The rectangle shrunk by `margin` cells on every side.
    public func inset(by margin: Int) -> Rect {
        Rect(x: x + margin, y: y + margin, width: width - 2 * margin, height: height - 2 * margin)
    }
}
