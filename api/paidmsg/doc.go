// Package paidmsg is the home of paid messages in live rooms (issue 25 §4, like Super Chat): a viewer
// pays coins from a tier for a chat line that is highlighted in the tier's colour and pinned at the top
// of the room for the tier's time, ordered by amount then time; a moderator may remove it, with a
// reason, and the coins come back when the reason is not the sender's fault.
//
// Path of a paid message:
//
//  1. POST /paidmsg/send (Service.Send) checks the text and the tier and hands the message to the
//     room actor (Rooms), which applies the room's chat rules (mutes, banned words, closed chat...).
//  2. The room calls ChargePaid (this Service, as room.PaidWallet) off its mailbox: one ledger
//     transaction debits the sender, credits the streamer's earnings and the platform like a gift
//     (wallet.Service.Split) and records the paid message, keyed by "paid:<room>:<user>:<nonce>" so a
//     retry is never charged twice. The coins count in the room's gift leaderboards.
//  3. The room accepts a `paid` event; once durable every viewer sees it and the sender is answered.
//     The pinned bar of a late joiner comes from the record (GET /paidmsg/pinned), not from the actor.
//  4. POST /paidmsg/remove (Service.Remove) goes through the room, which checks the caller moderates
//     it; RemovePaid records the removal once and, for a no-fault reason, refunds in the same
//     transaction (the streamer's share taken back). The sender gets a notice either way, and every
//     viewer an `unpin` event.
//
// Concurrency: a Service is safe for concurrent use; ChargePaid and RemovePaid are called from the
// room actor's goroutines and block on Postgres.
package paidmsg
