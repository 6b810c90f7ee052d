package payment

import "errors"

var (
	// ErrBadSignature: a callback whose signature (or verification call) does not check out. Nothing
	// in it may be believed.
	ErrBadSignature = errors.New("payment: callback signature invalid")
	// ErrBadCallback: a correctly signed callback that cannot be understood (missing order, amount).
	ErrBadCallback = errors.New("payment: callback malformed")
	// ErrIgnored: a verified callback about something the wallet does not track (another event type).
	// Adapters return it so the handler can acknowledge without doing anything.
	ErrIgnored = errors.New("payment: event not relevant")
	// ErrProvider: the provider refused or failed a request; the wrapped error says how.
	ErrProvider = errors.New("payment: provider request failed")
)
