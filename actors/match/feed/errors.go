package feed

import "errors"

var (
	// ErrBadTransition: a status event asks for a transition spec §4 does not allow (for instance
	// finished → live). The event is consumed (its sequence number is used) but changes nothing.
	ErrBadTransition = errors.New("feed: status transition not allowed")
	// ErrWrongMatch: an event was applied to the state of another match.
	ErrWrongMatch = errors.New("feed: event belongs to another match")
	// ErrUnknownKind: an event kind this version does not understand.
	ErrUnknownKind = errors.New("feed: unknown event kind")
	// ErrInvalidEvent: an event carries an impossible value (a negative or absurd score, a score
	// going backwards without a correction, an absurd clock, a team playing itself, a malformed
	// statistic). Like a refused transition, it is consumed but changes nothing; the wrapped
	// message says why.
	ErrInvalidEvent = errors.New("feed: invalid event")
)
