// Package experts is the experts area (issue 20, spec §1–§7): users apply for an expert (creator)
// account and staff review it; approved experts publish priced prediction plans on matches not yet
// started; fans buy them with coins through the wallet's ledger; plans are settled by the score
// feed through package settlement (this package registers a Settler); records, hit rates and the
// rankings (including the luck-adjusted score, see README.md) are computed from settled plans.
//
// Records cannot be faked: a plan's prediction (market, pick, line, odds, title, content, price)
// is hashed (SHA-256 over canonical JSON) with the server's release time; every version is kept in
// an append-only table; after the first sale or kick-off the plan is frozen (the service refuses,
// and a database trigger refuses the write whatever code runs), and only staff may hide it, which
// keeps it in the record.
//
// The Service holds the rules and knows nothing of HTTP; http*.go are the REST handlers.
//
// Concurrency: a Service is safe for concurrent use. Each rule that depends on a row's state runs
// under that row's lock in the store (postgres.Experts), so two buys of one plan by one buyer charge
// once, and a sale racing the settlement at kick-off is either settled (refunded or paid out) or
// refused.
package experts
