/// Easing curves mapping progress 0…1 to eased progress 0…1.
public enum Easing {
    /// Cubic ease-out: fast start, gentle stop. Input is clamped to 0…1;
    /// `easeOutCubic(0) == 0`, `easeOutCubic(1) == 1`, monotone in between.
    public static func easeOutCubic(_ progress: Double) -> Double {
        let clamped = min(1, max(0, progress.isNaN ? 1 : progress))
        let remaining = 1 - clamped
        return 1 - remaining * remaining * remaining
    }
}
