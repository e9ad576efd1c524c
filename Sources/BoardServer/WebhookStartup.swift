import BoardStore
import Foundation

/// The webhook side of starting `board-server`: the secret of `--webhook-secret`, checked
/// before anything starts, and the sender with its figures for `/metrics`.
enum WebhookStartup {
    /// Why the webhook options cannot work.
    enum Problem: Error, CustomStringConvertible {
        case secretMissing
        case secretUnreadable(path: String)
        case secretEmpty(path: String)

        var description: String {
            switch self {
            case .secretMissing:
                "--webhook needs --webhook-secret FILE: every delivery is signed with that secret"
            case .secretUnreadable(let path): "cannot read the webhook secret file \(path)"
            case .secretEmpty(let path): "the webhook secret file \(path) is empty"
            }
        }

        /// 2 for a command line that cannot work, 1 for a file that cannot be used.
        var exitStatus: Int32 {
            switch self {
            case .secretMissing: 2
            case .secretUnreadable, .secretEmpty: 1
            }
        }
    }

    /// The secret's bytes, without the line ends that end the file; empty without webhooks.
    static func secret(_ options: ServerOptions) throws(Problem) -> [UInt8] {
        guard !options.webhookURLs.isEmpty else { return [] }
        guard let path = options.webhookSecretPath else { throw .secretMissing }
        guard let data = FileManager.default.contents(atPath: path) else { throw .secretUnreadable(path: path) }
        var bytes = Array(data)
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        guard !bytes.isEmpty else { throw .secretEmpty(path: path) }
        return bytes
    }

    /// The sender of the deliveries `options` asks for, not yet started; nil without webhooks.
    static func sender(
        _ options: ServerOptions, outbox: any WebhookOutbox, secret: [UInt8], holder: String, log: Log
    ) -> (sender: WebhookSender, metrics: WebhookMetrics)? {
        guard !options.webhookURLs.isEmpty else { return nil }
        let metrics = WebhookMetrics()
        var settings = WebhookSender.Settings(
            urls: options.webhookURLs, secret: secret,
            retry: WebhookRetry(
                baseMilliseconds: options.webhookRetryBaseMilliseconds, hours: options.webhookRetryHours),
            holder: holder)
        settings.requestTimeout = options.webhookTimeoutSeconds
        return (WebhookSender(outbox: outbox, settings: settings, log: log, metrics: metrics), metrics)
    }
}
