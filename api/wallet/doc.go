// Package wallet is everything paid: coin and diamond wallets on a double-entry ledger, recharge
// orders through payment providers (package payment), VIP and SVIP memberships, gifts in live rooms
// with their leaderboards, transaction details and balances.
//
// # Service and handlers
//
// The rules live in the Service: service.go (Deps, New, balances) and the domain files rates.go,
// recharge.go, membership.go, gifts.go, unlock.go, leaderboard.go, leaderboard_memory.go and
// notify.go. Their methods take a context and typed inputs (RechargeRequest, GiftRequest,
// RefundRequest, ...) and return typed results and errcode errors (errors.go); they import neither
// net/http nor package api. The room actor calls SendGift (through package roomwallet), the engine
// and the media path call Entitlements, the streamer centre PayLiveUnlock and GiftIncome, the
// accounts module GrantWelcome inside its registration transaction, and the back office Refund.
//
// The REST endpoints are in http.go (Routes: the route table) and http_<topic>.go: they decode the
// request, ask api.Auth who calls (signed in, administrator, whose records), call the Service and
// shape the answer. No rule lives there.
//
// # Money is never lost or doubled
//
// Every movement is one ledger posting (storage/postgres.Ledger): entries between accounts that
// sum to zero per currency, with a unique idempotency key, applied in one Postgres transaction
// together with whatever it pays for (the order state, the membership expiry, the gift record).
// Keys: "welcome:<user>", "recharge:<order>", "refund:<order>", "membership:<user>:<client key>",
// "gift:<room actor key>". A retry, a duplicated webhook or a crash-and-replay with the same key
// moves nothing and returns the first result. Balances are kept in a table updated in the same
// transaction, can never be negative for user and streamer wallets (a CHECK constraint), and are
// verifiable against the entries at any time (Ledger.Verify, SQL function ledger_verify).
//
// # Concurrency choice: row locks at READ COMMITTED, not SERIALIZABLE
//
// A posting locks exactly the balance rows it changes, with SELECT ... FOR UPDATE ordered by
// (account, shard), checks the debited wallets and writes. Ordered locking cannot deadlock against
// another posting, and conflicts are waits rather than aborts, which SERIALIZABLE would turn into
// retries under exactly the load that matters (a hot room where everyone gifts the same streamer).
// The platform's own accounts are split into 16 balance rows each, picked by the key, so they are
// not a single hot row. Purchases that read state before deciding (memberships) take a per-user
// advisory lock first. Deadlocks and serialization failures that can still arise from a caller's
// own statements are retried by postgres.InTx with jittered backoff.
//
// # Gifts
//
// The streamer's earnings get Config.StreamerSharePercent (default 50%, rounded down) of a gift's
// price and platform revenue the rest, in the gift's currency, in the same transaction as the
// sender's debit. Leaderboard points are the gift's value in coins (a diamond is worth 10 coins at
// the default 1 RMB = 1 diamond). Leaderboards are updated after the commit; a crash in between
// loses points only until RebuildLeaderboard replays the gift records.
//
// # payWs
//
// The recharge notice of spec §3 is a Server-Sent Events stream, GET /java/orderpay/events?order=,
// not a second WebSocket: it is one-way, passes the same cookies and proxies as the REST API,
// reconnects by itself (EventSource), and needs no protocol of its own.
//
// Concurrency: a Service is safe for concurrent use by any number of goroutines. SendGift,
// BuyMembership and CreateRecharge block on Postgres; call them off actor mailboxes.
package wallet
