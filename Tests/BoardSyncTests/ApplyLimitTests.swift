import BoardSync
import Testing

/// The item and section limits of a board (protocol section 7), refused with the code `limit`.
@Suite struct ApplyLimitTests {
    @Test func anInsertAtTheItemLimitIsRefused() {
        let full = Limits(maxItems: 7)
        expectRefused(.insert(item: newItem("n1"), to: at("s2", 0)), .itemLimit(7), limits: full)
        #expect(OpError.itemLimit(7).isLimit)
        _ = expectApplied(.insert(item: newItem("n1"), to: at("s2", 0)), limits: Limits(maxItems: 8))
    }

    @Test func theItemLimitCountsEverySection() {
        var state = BoardFixture.standard
        let limits = Limits(maxItems: 8)
        #expect(state.apply(.insert(item: newItem("n1"), to: at("s2", 0)), limits: limits) == .apply)
        expectRefused(.insert(item: newItem("n2"), to: at("s0", 0)), .itemLimit(8), in: state, limits: limits)
        #expect(state.apply(.delete(item: "a", from: at("s0", 0)), limits: limits) == .apply)
        #expect(state.apply(.insert(item: newItem("n2"), to: at("s0", 0)), limits: limits) == .apply)
    }

    @Test func otherItemOpsAtTheItemLimitAreAccepted() {
        let full = Limits(maxItems: 7)
        _ = expectApplied(.move(item: "a", from: at("s0", 0), to: at("s2", 0)), limits: full)
        _ = expectApplied(.update(item: "a", label: "x"), limits: full)
        _ = expectApplied(.delete(item: "a", from: at("s0", 0)), limits: full)
        _ = expectApplied(.insertSection(section: SectionHeader(id: "t", title: "T"), index: 0), limits: full)
    }

    @Test func anInsertSectionAtTheSectionLimitIsRefused() {
        let header = SectionHeader(id: "t", title: "T")
        expectRefused(.insertSection(section: header, index: 0), .sectionLimit(3), limits: Limits(maxSections: 3))
        #expect(OpError.sectionLimit(3).isLimit)
        _ = expectApplied(.insertSection(section: header, index: 3), limits: Limits(maxSections: 4))
    }

    @Test func otherSectionOpsAtTheSectionLimitAreAccepted() {
        let full = Limits(maxSections: 3)
        _ = expectApplied(.moveSection(section: "s0", from: 0, index: 2), limits: full)
        _ = expectApplied(.renameSection(section: "s0", title: "x"), limits: full)
        _ = expectApplied(.deleteSection(section: "s0", from: 0), limits: full)
        _ = expectApplied(.insert(item: newItem("n1"), to: at("s0", 0)), limits: full)
    }

    @Test func defaultLimitsFollowTheProtocol() {
        #expect(Limits.default == Limits(maxItems: 10_000, maxSections: 64, maxTextLength: 100))
    }
}
