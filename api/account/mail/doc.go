// Package mail delivers verification codes: the Message a Sender delivers, an SMTP Sender for
// e-mail, and DevSink, the development sink that keeps the last codes per destination in memory
// so a person running `make run` (or a browser test) can read them through a dev-only handler.
//
// There is no SMS provider here (the machines reach loopback only): in development phones go to
// the same DevSink; a real SMS gateway is one more Sender.
//
// Concurrency: SMTP and DevSink are safe for concurrent use. SMTP opens one connection per message
// (codes are rare; a pool would only add state to get wrong).
package mail
