// Package oidctest is a local OpenID Connect provider for tests: discovery, authorize (approves
// at once, as the configured User), token (authorization code with PKCE S256, client
// authentication by HTTP Basic or form), JWKS and user-info, signing real RS256 ID tokens with
// crypto/rsa. Knobs make it misbehave (wrong nonce, audience or issuer, expired or foreign-key
// tokens) so a relying party's checks can be shown to bite.
//
// Concurrency: the provider serves requests on httptest's goroutines; set its fields before
// starting a flow, or under Lock.
package oidctest
