package errcode

import (
	"errors"
	"fmt"
)

// Error is a domain error: a stable Code, the message key shown (the code's default or a variant),
// the message's fmt arguments and, optionally, the cause (logged, never sent). Build one with New
// and the With* methods; they return copies, so a package-level sentinel is never modified.
type Error struct {
	Code Code
	Key  string
	Args []any
	Err  error

	kind Kind // 0: Code.Kind()
}

// New is an Error of code c with c's default key and the given message arguments.
func New(c Code, args ...any) *Error {
	return &Error{Code: c, Key: c.Key(), Args: args}
}

// As finds the *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Error returns the code and key (and the cause); the localized text is produced only by an edge,
// in the caller's language.
func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("errcode %d %s: %v", e.Code, e.Key, e.Err)
	}
	return fmt.Sprintf("errcode %d %s", e.Code, e.Key)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, sentinel) true for any *Error with the sentinel's code and key, whatever
// its arguments or cause.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Key == e.Key
}

// Kind is the error's Kind: its code's, unless WithKind chose another.
func (e *Error) Kind() Kind {
	if e.kind != 0 {
		return e.kind
	}
	return e.Code.Kind()
}

// WithKey is a copy with another message key: a variant that shares the code (avatar.format and
// avatar.tooLarge are both Avatar).
func (e *Error) WithKey(key string) *Error {
	c := *e
	c.Key = key
	return &c
}

// WithArgs is a copy with the message's fmt arguments.
func (e *Error) WithArgs(args ...any) *Error {
	c := *e
	c.Args = args
	return &c
}

// Wrap is a copy carrying cause err (for the log).
func (e *Error) Wrap(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// WithKind is a copy of another Kind, for the rare error that must share its code but not its
// HTTP status (the paid-room unlock with no wallet: Server, KindUnavailable). Prefer a code of
// its own.
func (e *Error) WithKind(k Kind) *Error {
	c := *e
	c.kind = k
	return &c
}
