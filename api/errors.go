package api

import (
	"errors"
	"fmt"
	"net/http"
)

// The errorCode catalogue. Feature packages add their own codes beside these (in
// their errors.go) and keep them out of these ranges: 1000–1099 generic request
// errors, 3000–3099 session errors, 5000 server error.
const (
	CodeFormat           = 1000 // body or parameter is not well formed
	CodeBadRequest       = 1001 // a validation rule of spec §5 failed
	CodeAuthRequired     = 1002 // a signed-in user is needed and there is no token
	CodeForbidden        = 1003 // signed in, but not allowed
	CodeNotFound         = 1004 // no such route or resource
	CodeMethodNotAllowed = 1005 // route exists for other methods
	CodeTooLarge         = 1006 // body over Config.MaxBodyBytes
	CodeBindEmail        = 2010 // third-party login: the client prompts to bind an e-mail
	CodeSessionExpired   = 3000 // token expired: the client clears its session
	CodeSessionRevoked   = 3001 // token revoked (signed out, signed in elsewhere)
	CodeServer           = 5000 // anything unexpected; details only in the log
)

// Error is an error that reaches the client: an HTTP-like status, an errorCode from
// the catalogue and a message key (with fmt arguments) looked up in package locale in
// the request's language. Err, when set, is the underlying cause; it is logged for
// 5xx errors and never sent.
type Error struct {
	Status int
	Code   int
	Key    string
	Args   []any
	Err    error
}

// Error returns the key and code; the localized text is produced only when the
// envelope is written, in the request's language.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("api: %s (%d): %v", e.Key, e.Code, e.Err)
	}
	return fmt.Sprintf("api: %s (%d)", e.Key, e.Code)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, api.ErrNotFound) true for any *Error with the same status,
// code and key, whatever its arguments or cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Status == e.Status && t.Code == e.Code && t.Key == e.Key
}

// WithCode returns a copy of e with another errorCode.
func (e *Error) WithCode(code int) *Error {
	c := *e
	c.Code = code
	return &c
}

// Wrap returns a copy of e carrying cause err (for the log).
func (e *Error) Wrap(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// Fail builds an Error from all its parts; prefer the shorter constructors below.
func Fail(status, code int, key string, args ...any) *Error {
	return &Error{Status: status, Code: code, Key: key, Args: args}
}

// BadRequest is a 400 for a failed validation rule (CodeBadRequest).
func BadRequest(key string, args ...any) *Error {
	return Fail(http.StatusBadRequest, CodeBadRequest, key, args...)
}

// Unauthorized is a 401 for a request that needs a signed-in user (CodeAuthRequired).
func Unauthorized(key string, args ...any) *Error {
	return Fail(http.StatusUnauthorized, CodeAuthRequired, key, args...)
}

// Forbidden is a 403 (CodeForbidden).
func Forbidden(key string, args ...any) *Error {
	return Fail(http.StatusForbidden, CodeForbidden, key, args...)
}

// NotFound is a 404 (CodeNotFound).
func NotFound(key string, args ...any) *Error {
	return Fail(http.StatusNotFound, CodeNotFound, key, args...)
}

// Internal is the 500 "server.error" with cause err, which is logged and not sent.
func Internal(err error) *Error {
	return ErrServer.Wrap(err)
}

// Sentinels. They are shared values: never modify one, use WithCode or Wrap for a copy.
var (
	// ErrFormat: malformed JSON body or parameter (400).
	ErrFormat = Fail(http.StatusBadRequest, CodeFormat, "format.error")
	// ErrAuthRequired: no token on a call that needs one (401).
	ErrAuthRequired = Fail(http.StatusUnauthorized, CodeAuthRequired, "auth.required")
	// ErrSessionExpired: errorCode 3000, the client drops its session (401).
	ErrSessionExpired = Fail(http.StatusUnauthorized, CodeSessionExpired, "session.expired")
	// ErrSessionRevoked: errorCode 3001, the client drops its session (401).
	ErrSessionRevoked = Fail(http.StatusUnauthorized, CodeSessionRevoked, "session.revoked")
	// ErrAccessDenied: 'Access Denied' (403).
	ErrAccessDenied = Fail(http.StatusForbidden, CodeForbidden, "access.denied")
	// ErrNotFound: unknown route or resource (404).
	ErrNotFound = Fail(http.StatusNotFound, CodeNotFound, "notFound")
	// ErrMethodNotAllowed: route exists for other methods (405).
	ErrMethodNotAllowed = Fail(http.StatusMethodNotAllowed, CodeMethodNotAllowed, "method.notAllowed")
	// ErrTooLarge: body over Config.MaxBodyBytes (413).
	ErrTooLarge = Fail(http.StatusRequestEntityTooLarge, CodeTooLarge, "request.tooLarge")
	// ErrServer: 'system exception, please try later' (500).
	ErrServer = Fail(http.StatusInternalServerError, CodeServer, "server.error")
)

// asError maps any error to the *Error sent to the client; ok is false when err was
// not an *Error and has been replaced by ErrServer.
func asError(err error) (e *Error, ok bool) {
	if errors.As(err, &e) {
		return e, true
	}
	return ErrServer, false
}
