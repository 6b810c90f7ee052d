// Package shop is the coin shop (issue 21, spec §2–§5): a catalogue of physical goods, virtual goods
// (a code delivered to the user), in-site items (applied to the account) and blind boxes; orders that
// reserve stock when created and are paid with coins through the wallet's ledger; the staff's review,
// shipping, charge-back and cancellation with the coins refunded in the same transaction; blind-box
// draws from a cryptographic source, recorded with the odds in force.
//
// The rules are in catalogue.go (products, staff edits), orders.go (create, pay, expiry, the user's
// lists), confirm.go (the one-time code of GET /sendMsg that confirms physical goods and large
// spends), staff.go (state transitions) and blindbox.go (the draw); the HTTP handlers in http*.go; the
// queries in storage/postgres/shop.go (which documents how stock is never oversold).
//
// Concurrency: a Service is safe for concurrent use by any number of goroutines and nodes; every
// decision about stock, payment and refund is taken inside one Postgres transaction. Run is its
// background part (releasing the stock of unpaid orders); every node may run it.
package shop
