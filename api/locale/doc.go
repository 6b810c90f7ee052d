// Package locale decides which of Courtside's 22 interface languages a request is
// answered in, and holds the server-side message catalogue in those languages.
//
// Resolution follows spec §1: an explicit `lan` header naming one of the locales wins,
// then the `lang` cookie, then the browser's Accept-Language (q-weights honoured, BCP-47
// tags mapped to our codes by Normalize), then the country of the client's IP address in
// an optional MaxMind GeoIP2/GeoLite2-Country database, and finally zh_CN. The same
// Resolver serves the REST API (package api) and the WebSocket gateway, which hands it
// the upgrade request's headers and the socket's peer address.
//
// The client address is the socket peer, or the right-most X-Forwarded-For hop that is
// not itself a trusted proxy when (and only when) the peer is in Config.TrustedProxies.
// Trusting X-Forwarded-For from anyone would let a client pick its own country.
//
// Messages live in messages/<locale>.json, embedded into the binary. Message falls back
// to en_US and then to the key itself, so a missing translation degrades to English
// rather than to an empty toast; a test keeps every locale complete.
//
// Concurrency: everything here is safe for concurrent use. A Resolver is immutable after
// New except for Close, which must be called only once nothing uses the Resolver any
// more. The catalogue is read-only after package initialisation.
package locale
