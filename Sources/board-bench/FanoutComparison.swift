/// The board server against one baseline in the fanout scenario at one subscriber count, judged
/// only at the rates both kept up with (delivered at least 90 % of what the rate asks), so that
/// both carry the same load: the board server's single writer is capped by its ack round trip
/// (one unanswered submit, each made durable first), and a step it could not keep up with carries
/// less load than the baseline's.
struct FanoutComparison {
    /// Delivered frames per server CPU-second over the compared steps together.
    let oursEfficiency: Double
    let otherEfficiency: Double
    /// The compared rates, ascending.
    let rates: [Double]

    /// Nil when no rate was kept up with by both, or a side used no measurable CPU.
    init?(ours: [LoadStepResult], other: [LoadStepResult], subscribers: Double) {
        func keptUp(_ step: LoadStepResult) -> Double? {
            guard let rate = step.extra("rate"), step.deliveredPerSecond >= 0.9 * rate * subscribers else {
                return nil
            }
            return rate
        }
        let rates = Set(ours.compactMap(keptUp)).intersection(other.compactMap(keptUp))
        let oursEfficiency = Self.efficiency(ours.filter { rates.contains($0.extra("rate") ?? -1) })
        let otherEfficiency = Self.efficiency(other.filter { rates.contains($0.extra("rate") ?? -1) })
        guard !rates.isEmpty, oursEfficiency > 0, otherEfficiency > 0 else { return nil }
        self.oursEfficiency = oursEfficiency
        self.otherEfficiency = otherEfficiency
        self.rates = rates.sorted()
    }

    /// Ours over the baseline's delivered frames per CPU-second (higher is better for ours).
    var oursEfficiencyRatio: Double { oursEfficiency / otherEfficiency }

    /// Ours over the baseline's CPU per delivered frame (lower is better for ours).
    var oursCPUPerFrameRatio: Double { otherEfficiency / oursEfficiency }

    /// "200, 500 ops/s".
    var ratesText: String { rates.map { String(Int($0)) }.joined(separator: ", ") + " ops/s" }

    private static func efficiency(_ steps: [LoadStepResult]) -> Double {
        let cpu = steps.reduce(0) { $0 + $1.serverCPUSeconds }
        let delivered = steps.reduce(0) { $0 + $1.sample.counters.delivered }
        return cpu > 0 ? Double(delivered) / cpu : 0
    }
}
