// Package system is the system calls of spec §7: GET /system/getPrivateKey (the key the web client
// seals sensitive payloads with) and GET /system/payButton (which recharge and membership buttons
// the client shows, per region and language).
//
// Payload keys (decision 0013, docs/decisions/0013-payload-encryption.md): the spec's AES-ECB with one long-lived key leaks patterns and gives
// no integrity. Here a key is short-lived (Config.KeyTTL) and bound to the caller's session token
// (or to no session before sign-in), and payloads are AES-256-GCM with a random 96-bit nonce and the
// key id as additional data. Keys are derived, not stored: a key id carries its expiry and 16
// random bytes, and the key is HMAC-SHA-256(Config.Secret, key id, SHA-256(token)), so every node
// with the same secret opens what any node's key sealed, and an altered key id or token yields a
// key that does not open the payload. Open's failures are logged only (spec §8) and answered with
// PayloadKey (fetch a new key) or PayloadDecrypt.
//
// keys.go holds the sealing rules, buttons.go the buttons, http.go the handlers.
//
// Concurrency: a Service is immutable after New and safe for concurrent use.
package system
