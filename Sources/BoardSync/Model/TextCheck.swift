/// How a text being typed stands, for a field that shows it as the person types: how much of a
/// paste or a key fits, the length the limit counts with it, the counter near the limit, and
/// what the text rules would refuse (`TextEntry`, `Validation.checkText`).
public struct TextCheck: Hashable, Sendable {
    /// The start of the typed text that goes in (cleaned, whole characters, within the limit).
    public var fits: String
    /// The length of the text with `fits` in it.
    public var length: Int
    public var limit: Int
    /// `87/100` near the limit, else nil.
    public var counter: String?
    /// Why the text with `fits` in it would be refused, or nil.
    public var problem: TextError?
    /// What to say when less of the typed text went in than was typed (the limit was reached),
    /// or nil.
    public var cut: String?

    /// `text` (the field without what the typing replaces) with `typed` going in, under `limit`.
    @inline(never)
    public init(_ text: String, typing typed: String = "", limit: Int) {
        let kept = TextEntry.length(of: text)
        fits = typed.isEmpty ? "" : TextEntry.fitting(typed, besides: kept, limit: limit)
        length = kept + TextEntry.length(of: fits)
        self.limit = limit
        counter = TextEntry.counter(length: length, limit: limit)
        problem = Validation.checkText(text + fits, limit: limit)
        if TextEntry.length(of: fits) < TextEntry.length(of: TextEntry.cleaned(typed)) {
            cut = "At most \(limit) characters: the rest of what was typed was not added."
        }
    }
}
