import CLibPQ

/// The isolation level of a transaction (PostgreSQL's default is read committed).
public enum PostgresIsolationLevel: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

/// Where a connection stands with respect to transactions.
public enum PostgresTransactionStatus: Sendable, Equatable {
    /// No transaction is open.
    case idle
    /// A statement is running.
    case active
    /// A transaction is open and working.
    case inTransaction
    /// A statement of the open transaction failed: only a rollback is accepted.
    case inFailedTransaction
    /// The connection is broken or closed.
    case unknown
}

extension PostgresConnection {
    /// The connection's transaction status.
    public var transactionStatus: PostgresTransactionStatus {
        guard let connection = try? openHandle() else { return .unknown }
        switch PQtransactionStatus(connection) {
        case PQTRANS_IDLE: return .idle
        case PQTRANS_ACTIVE: return .active
        case PQTRANS_INTRANS: return .inTransaction
        case PQTRANS_INERROR: return .inFailedTransaction
        default: return .unknown
        }
    }

    /// Runs `body` inside BEGIN ... COMMIT; an error thrown by `body` rolls everything back.
    ///
    /// A statement that failed inside `body` without its error being thrown still rolls the
    /// transaction back, and this throws `misuse` (PostgreSQL would answer COMMIT with ROLLBACK).
    /// A connection lost during COMMIT throws `commitOutcomeUnknown`: the transaction may have
    /// committed. Transactions do not nest.
    @discardableResult
    public func transaction<Result>(
        _ isolation: PostgresIsolationLevel = .readCommitted, _ body: () throws -> Result
    ) throws -> Result {
        guard transactionStatus == .idle else {
            throw PostgresError.misuse("a transaction is already open or the connection is broken")
        }
        try execute(prepared: "BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        let result: Result
        do {
            result = try body()
        } catch {
            rollBack()
            throw error
        }
        guard transactionStatus == .inTransaction else {
            rollBack()
            throw PostgresError.misuse("a statement of the transaction failed; it was rolled back")
        }
        do {
            try execute(prepared: "COMMIT")
        } catch .connectionLost(let message) {
            throw PostgresError.commitOutcomeUnknown(message)
        }
        return result
    }

    /// Rolls back the open transaction, if the connection still has one.
    private func rollBack() {
        guard transactionStatus == .inTransaction || transactionStatus == .inFailedTransaction else { return }
        _ = try? execute(prepared: "ROLLBACK")
    }
}
