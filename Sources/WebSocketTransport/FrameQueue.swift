/// A FIFO of shared frames with a running byte count (amortised O(1) pop).
struct FrameQueue {
    private var frames: [OutboundFrame] = []
    private var head = 0
    private(set) var byteCount = 0

    var isEmpty: Bool { head == frames.count }

    mutating func append(_ frame: OutboundFrame) {
        frames.append(frame)
        byteCount += frame.count
    }

    var first: OutboundFrame? { isEmpty ? nil : frames[head] }

    mutating func removeFirst() {
        byteCount -= frames[head].count
        head += 1
        if head == frames.count {
            frames.removeAll(keepingCapacity: frames.count <= 64)
            head = 0
        } else if head >= 64 && head * 2 >= frames.count {
            frames.removeFirst(head)
            head = 0
        }
    }

    mutating func removeAll() {
        frames = []
        head = 0
        byteCount = 0
    }
}
