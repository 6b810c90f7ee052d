// Package oauth signs users in with third-party providers (Google, Apple, LINE, X, Facebook)
// through OAuth 2.0 authorization codes with PKCE (S256) and, for OpenID Connect providers,
// verified ID tokens: signature against the provider's JWKS (RS256, ES256) or the client secret
// (HS256, LINE's default), iss, aud, exp and nonce.
//
// Every endpoint is configurable (Config), so tests run the whole flow against a local OpenID
// provider (package oidctest) and production points at the real ones (Defaults).
//
// The package is stateless across requests: the PKCE verifier travels with the client (the spec's
// getLoginInfo carries it back), and the ID token's nonce is derived from the verifier (Nonce), so
// an ID token obtained for one sign-in cannot be replayed in another.
//
// Concurrency: a Provider is safe for concurrent use; its JWKS cache is behind a mutex.
package oauth
