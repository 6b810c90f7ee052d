package oauth

import "errors"

// Errors returned by Provider methods.
var (
	// ErrNotConfigured: the provider has no client id.
	ErrNotConfigured = errors.New("oauth: provider not configured")
	// ErrExchange: the token endpoint refused the code or could not be reached.
	ErrExchange = errors.New("oauth: code exchange failed")
	// ErrIDToken: the ID token is missing, malformed, badly signed, expired, for another audience
	// or issuer, or carries the wrong nonce.
	ErrIDToken = errors.New("oauth: invalid ID token")
	// ErrProfile: the user-info endpoint failed or returned no subject.
	ErrProfile = errors.New("oauth: profile fetch failed")
)
