/// Which rows of `op_log` hold each board's ops not yet copied into `ops`, and the order in which
/// boards are moved: the board whose oldest such op is the oldest goes first.
///
/// `StoreConnection` keeps it in memory beside the file so that a commit can move a few boards'
/// ops without scanning the log. Row ids are assigned here, in increasing order; a moved op's row
/// stays in the log as a copy (which readers skip) until every row below it is a copy too, so
/// the log is only ever cut at its start.
struct OpLogRows {
    /// The row ids of each board's ops not yet copied, in increasing order (so in version order).
    private(set) var rows: [String: [Int64]] = [:]
    /// Boards with the id of their oldest uncopied row when they entered the log, in row order.
    /// An entry is stale once its board has been moved since (its oldest row is another one).
    private var order: [(board: String, first: Int64)] = []
    private var orderStart = 0
    /// The number of ops not yet copied.
    private(set) var count = 0
    /// The row id the next logged op gets.
    private(set) var nextRow: Int64 = 1
    /// Every row of the log, copy or not, has at least this id.
    private(set) var firstStored: Int64 = 1

    /// The state of a log whose uncopied rows, in increasing row id order, belong to `boards`,
    /// and whose rows (copies included) span `stored`, if it has any.
    init(rows logged: [(row: Int64, board: String)] = [], stored: (first: Int64, last: Int64)? = nil) {
        if let stored {
            firstStored = stored.first
            nextRow = stored.last + 1
        }
        for (row, board) in logged {
            _ = add(row, of: board)
        }
    }

    /// Assigns the next row id to an op of `board`; returns it with the number of the board's
    /// uncopied rows.
    mutating func append(_ board: String) -> (row: Int64, boardRows: Int) {
        let row = nextRow
        nextRow += 1
        return (row, add(row, of: board))
    }

    private mutating func add(_ row: Int64, of board: String) -> Int {
        let boardRows = Self.push(row, onto: &rows[board, default: []])
        if boardRows == 1 { order.append((board, row)) }
        count += 1
        return boardRows
    }

    /// Appends `row` to `list` in place (one dictionary lookup for both); returns the new count.
    private static func push(_ row: Int64, onto list: inout [Int64]) -> Int {
        list.append(row)
        return list.count
    }

    /// Forgets the uncopied rows of `board` (they are being copied) and returns them.
    mutating func remove(_ board: String) -> [Int64] {
        guard let removed = rows.removeValue(forKey: board) else { return [] }
        count -= removed.count
        return removed
    }

    /// The board whose oldest uncopied op is the oldest of the log, if any op is uncopied.
    mutating func oldestBoard() -> String? {
        while orderStart < order.count {
            let entry = order[orderStart]
            if rows[entry.board]?.first == entry.first {
                if orderStart > 1_024, orderStart * 2 > order.count {
                    order.removeFirst(orderStart)
                    orderStart = 0
                }
                return entry.board
            }
            orderStart += 1
        }
        order.removeAll(keepingCapacity: true)
        orderStart = 0
        return nil
    }

    /// The row id below which every row of the log is a copy, when that is above `firstStored`
    /// (the rows to delete); records that they are gone.
    mutating func cutCopies() -> Int64? {
        let cut = oldestBoard().flatMap { rows[$0]?.first } ?? nextRow
        guard cut > firstStored else { return nil }
        firstStored = cut
        return cut
    }
}
