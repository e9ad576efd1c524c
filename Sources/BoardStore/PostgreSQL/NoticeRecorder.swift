import CLibPQ

/// Keeps the last notice a connection received, instead of libpq printing it to standard error.
///
/// A session ended by the server (`pg_terminate_backend`, a shutdown) sends its FATAL error while
/// no statement is running; libpq passes it on as a notice, so this is where its reason shows.
final class NoticeRecorder {
    private(set) var lastNotice: String?

    /// Sends the notices of `connection` to this recorder, which must outlive the connection.
    func attach(to connection: OpaquePointer) {
        PQsetNoticeReceiver(
            connection,
            { context, result in
                guard let context, let result else { return }
                Unmanaged<NoticeRecorder>.fromOpaque(context).takeUnretainedValue().record(result)
            },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// Forgets the last notice, so the next one is not confused with an older one.
    func clear() {
        lastNotice = nil
    }

    private func record(_ result: OpaquePointer) {
        let severity = PQresultErrorField(result, bs_pq_diag_severity()).map { String(cString: $0) }
        let message = PQresultErrorField(result, bs_pq_diag_message_primary()).map { String(cString: $0) }
        guard let message else { return }
        lastNotice = severity.map { "\($0): \(message)" } ?? message
    }
}
