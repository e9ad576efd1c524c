import BoardSync

/// The durable outbox of webhook deliveries that a store keeps beside its ops (protocol 1.2
/// section 12). A store opened with webhook URLs writes one `WebhookDelivery` per op committed
/// alone or group, per URL, in the same transaction as the ops, so no acknowledged op lacks
/// its deliveries; a sender reads them lane by lane and records each one delivered, postponed
/// or given up.
///
/// Several servers sharing a store take turns on a lane through `claim`, a lease that lapses
/// when its holder stops renewing it; a store of one server grants every claim.
public protocol WebhookOutbox: AnyObject, Sendable {
    /// The lanes of `urls` with a pending delivery whose next attempt is due at `now`.
    func dueWebhookLanes(of urls: [String], now: CommitTime) throws(StoreError) -> [WebhookLane]

    /// Takes or renews the lease of `lane` for `holder` for `seconds`; true when `holder` has
    /// it now (nobody held it, its lease lapsed, or `holder` held it already).
    func claimWebhookLane(_ lane: WebhookLane, holder: String, seconds: Double) throws(StoreError) -> Bool

    /// Up to `limit` pending deliveries of `lane`, in version order.
    func pendingWebhookDeliveries(of lane: WebhookLane, limit: Int) throws(StoreError) -> [WebhookDelivery]

    /// Removes the deliveries of `lane` up to `position` (delivered, or the last of them given up).
    func removeWebhookDeliveries(of lane: WebhookLane, through position: Int64) throws(StoreError)

    /// Records a failed attempt of `delivery`: its count of attempts and when to try again.
    func postponeWebhookDelivery(
        _ delivery: WebhookDelivery, attempts: Int, until next: CommitTime)
        throws(StoreError)

    /// How many deliveries to `urls` are pending and when the oldest of them was due.
    func webhookBacklog(of urls: [String]) throws(StoreError) -> WebhookBacklog
}
