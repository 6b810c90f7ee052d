// Package account is Courtside's accounts module (issue 5; spec §1–§7): sign-in by phone,
// e-mail or username with a password or a verification code, registration with the welcome gift,
// the new-user step, guests, third-party sign-in (Google, Apple, LINE, X, Facebook), sessions,
// the security centre, profile and avatar, follows, preferences, levels, and roles with the one
// authorization check Can used by REST handlers and the real-time engine alike.
//
// # Service and handlers
//
// The rules live in the Service: service.go (Deps, New, sessions, Authenticate, roles) and the
// domain files login.go, codes.go, oauth_login.go, profile.go, avatar.go, admin.go, validate.go,
// password.go, user.go and session_cache.go. Their methods take a context and typed inputs
// (Identity, CodeLogin, CodeChange, ProfileEdit, RoleChange, Client) and return typed results and
// errcode errors (errors.go); they import neither net/http nor package api, so the real-time
// engine and the back office call them directly (Authenticate, Ban, ChangeRole, GrantRole).
//
// The REST handlers are in http.go (Routes, the Require and Optional middleware, and UserID, which
// makes the Service the api.Authenticator of every other area) and http_<topic>.go. They decode,
// call the Service and shape the answer; no rule lives there.
//
// # Wiring
//
//	svc, err := account.New(cfg, account.Deps{Pool: pool, Welcome: wallet, Balances: wallet, Mail: smtp})
//	svc.Routes(apiServer)                                // every /java handler
//	if dev { apiServer.Handle("GET /dev/codes", account.DevCodes(svc.DevSink())) }
//	sessionCfg.Auth = adapter{svc}                       // svc.Authenticate(ctx, token)
//	wallet.Routes(apiServer, svc)                        // svc.UserID: who calls the other areas
//
// # Sessions
//
// A session token is 32 random bytes, base64url; only its SHA-256 is stored. It is read from the
// token header or cookie by the api core (api.Meta.Token). Authenticate answers errorCode 3000
// when the session expired and 3001 when it was revoked (logout, password change or reset, ban)
// or never existed; each use slides the expiry (at most one write per SessionRenewEvery). With a
// SessionCache (Deps.Sessions; Redis in a cluster) the session is read from the cache every node
// shares, and every revocation drops it there before returning, so it stops working on all nodes
// at once; the user row is always read from Postgres.
//
// # Codes and brute force
//
// Codes are 6 digits, HMAC'd with Config.Secret and the destination, valid CodeTTL, single use,
// voided by the CodeMaxAttempts-th wrong entry, at most one per CodeResendInterval per
// destination, and capped per destination and per client IP through a ratelimit.Limiter. Wrong
// passwords lock the account after LoginMaxFailures in a row and the client IP after
// IPMaxFailures within IPWindow, both for LoginLockout; these counters live in Postgres, so every
// node sees them.
//
// # Concurrency
//
// A Service is safe for concurrent use by any number of requests: it keeps no mutable state of
// its own (Postgres, the Limiter, the SessionCache and the Senders hold it). Registration runs in one transaction
// with the WelcomeBonus, so concurrent duplicate registrations yield one account and one gift.
// Routes must be called before the api Server starts serving.
//
// Subpackages: mail (Sender implementations: SMTP, DevSink), oauth (OAuth 2.0 / OIDC clients),
// and the test helpers mail/smtptest and oauth/oidctest.
package account
