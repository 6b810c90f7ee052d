package match

import "errors"

var (
	// ErrBadTopic: a topic name is not `match:<id>` or `scores:<gameId>` with a known game.
	ErrBadTopic = errors.New("match: unknown topic")
	// ErrNoSuchMatch: a well-formed `match:<id>` topic of a match that does not exist
	// (TopicConfig.MatchExists said so): refused, so made-up ids activate no actor.
	ErrNoSuchMatch = errors.New("match: no such match")
	// ErrGapTooLarge: an event arrived so far ahead of the next expected sequence number that the
	// actor's out-of-order buffer is full; it was refused and the provider must send it again.
	ErrGapTooLarge = errors.New("match: out-of-order buffer full, event refused")
)
