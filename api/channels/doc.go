// Package channels is promotion channels (issue 23, spec §1–§3 and §6): channel partners (the
// promotion-channel manager role, account.RoleChannel with account.PermManageChannel) keep channels
// (name, registration source, type register or download, a link with a code), and see the visits,
// registrations and downloads that came through them, the users registered through them, what those
// users spent (from the wallet's ledger) and the partner's share.
//
// Attribution: a visit through a link is counted once per visitor per day without a cookie: the
// visitor is a keyed hash (HMAC-SHA-256 with Config.Secret) of the address, the user agent and the
// day, so a reload adds nothing and the raw address is never stored. A fraud guard drops the visits
// of a source (a keyed hash of the address) beyond Config.BurstMax within Config.BurstWindow.
// Sign-up carries the code (promotionChannelId, channelFromtype) into the accounts module, which
// calls Registered after the account exists; GET /promotion/v2/addPromotionReg attributes a user
// who signed up moments earlier without it. Users who arrive without a code belong to the
// platform's default channel dayan001.
//
// Statistics are computed from the stored events on every read (storage/postgres/channels.go),
// never from counters. Every partner call reads only the caller's own channels.
//
// The rules are in channels.go (channels, links, isolation), attribution.go (visits, registrations,
// downloads) and reports.go (statistics, users, spend); the HTTP handlers in http*.go.
//
// Concurrency: a Service is safe for concurrent use by any number of goroutines and nodes; the
// once-a-day rules are unique indexes, the fraud guard a transaction-scoped advisory lock.
package channels
