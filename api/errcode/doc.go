// Package errcode is Courtside's one error catalogue: every errorCode the REST envelope and the
// WebSocket `error` frame can carry is a Code defined once in codes.go, with a doc comment (its
// meaning), a default message key (looked up in api/locale in the caller's language) and a Kind.
//
// A domain error is an *Error: a Code, a message key (the code's default, or a variant chosen with
// WithKey), fmt arguments for the message, and an optional cause for the log. Services return
// them; nothing here knows about transports. The HTTP status is chosen once, at the edge, from the
// Kind (package api's status table); the WebSocket edge sends the code and key as they are.
//
//	var ErrBanned = errcode.New(errcode.Banned)                          // errors.go of an area
//	var ErrAvatarTooLarge = errcode.New(errcode.Avatar).WithKey("avatar.tooLarge")
//	return errcode.New(errcode.Locked).WithArgs(minutes)                  // "try again in %d minutes"
//	return ErrRechargeFailed.Wrap(err)                                    // same code and key, with a cause
//	errors.Is(err, ErrBanned)                                             // same code and key
//
// docs/errors.md lists every code with its meaning, Kind, HTTP status and English message; it is
// generated from this catalogue by a test of package api (UPDATE_DOCS=1 go test ./api/ rewrites it).
//
// The package is a leaf: it imports nothing of Courtside, so services, actors and the edges may all
// depend on it. Everything here is immutable after init and safe for concurrent use; an *Error is a
// value that is never modified after construction (the With* methods return copies).
package errcode
