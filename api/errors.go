package api

import (
	"net/http"

	"courtside/api/errcode"
)

// statusOf is the one table from an error's Kind to its HTTP status (and the envelope's `code`).
// Every *errcode.Error a handler returns gets its status here, and nowhere else.
var statusOf = map[errcode.Kind]int{
	errcode.KindInvalid:          http.StatusBadRequest,
	errcode.KindUnauthenticated:  http.StatusUnauthorized,
	errcode.KindForbidden:        http.StatusForbidden,
	errcode.KindNotFound:         http.StatusNotFound,
	errcode.KindMethodNotAllowed: http.StatusMethodNotAllowed,
	errcode.KindConflict:         http.StatusConflict,
	errcode.KindTooLarge:         http.StatusRequestEntityTooLarge,
	errcode.KindTooMany:          http.StatusTooManyRequests,
	errcode.KindInternal:         http.StatusInternalServerError,
	errcode.KindUpstream:         http.StatusBadGateway,
	errcode.KindUnavailable:      http.StatusServiceUnavailable,
}

// Status is the HTTP status of an error of Kind k (500 for a Kind the table does not know).
func Status(k errcode.Kind) int {
	if s, ok := statusOf[k]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Generic errors of the REST edge, built from the catalogue (package errcode). They are shared
// values: never modify one; WithKey, WithArgs and Wrap return copies.
var (
	// ErrFormat: malformed JSON body or parameter (1000, 400).
	ErrFormat = errcode.New(errcode.Format)
	// ErrAuthRequired: no token on a call that needs one (1002, 401).
	ErrAuthRequired = errcode.New(errcode.AuthRequired)
	// ErrSessionExpired: the client drops its session (3000, 401).
	ErrSessionExpired = errcode.New(errcode.SessionExpired)
	// ErrSessionRevoked: the client drops its session (3001, 401).
	ErrSessionRevoked = errcode.New(errcode.SessionRevoked)
	// ErrAccessDenied: 'Access Denied' (1003, 403).
	ErrAccessDenied = errcode.New(errcode.Forbidden)
	// ErrNotFound: unknown route or resource (1004, 404).
	ErrNotFound = errcode.New(errcode.NotFound)
	// ErrMethodNotAllowed: route exists for other methods (1005, 405).
	ErrMethodNotAllowed = errcode.New(errcode.MethodNotAllowed)
	// ErrTooLarge: body over Config.MaxBodyBytes (1006, 413).
	ErrTooLarge = errcode.New(errcode.TooLarge)
	// ErrServer: 'system exception, please try later' (5000, 500).
	ErrServer = errcode.New(errcode.Server)
)

// BadRequest is a failed validation rule (1001, 400) with its message key.
func BadRequest(key string, args ...any) *errcode.Error {
	return errcode.New(errcode.BadRequest).WithKey(key).WithArgs(args...)
}

// NotFound is a missing resource (1004, 404) with its message key.
func NotFound(key string, args ...any) *errcode.Error {
	return errcode.New(errcode.NotFound).WithKey(key).WithArgs(args...)
}

// Internal is the 5000 "server.error" with cause err, which is logged and not sent.
func Internal(err error) *errcode.Error {
	return ErrServer.Wrap(err)
}

// asError maps any error to the *errcode.Error sent to the client; ok is false when err carried
// none and has been replaced by ErrServer.
func asError(err error) (e *errcode.Error, ok bool) {
	if e, ok := errcode.As(err); ok {
		return e, true
	}
	return ErrServer, false
}
