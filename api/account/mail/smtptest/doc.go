// Package smtptest is a small SMTP server for tests: it listens on loopback, speaks enough real
// SMTP (EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA with dot-unstuffing, RSET, NOOP, QUIT) for a
// client such as net/smtp, and keeps every message it accepts.
//
// Concurrency: the server handles each connection on its own goroutine; Messages and Wait are
// safe to call from any goroutine.
package smtptest
