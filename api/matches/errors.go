package matches

import "courtside/api/errcode"

// The matches' errors. Codes and default messages are in the catalogue (package errcode, 7001–7003
// and the generic ones). Shared values: never modify one; Wrap returns a copy.
var (
	// ErrMatchNotFound: no such match, or not of the game in the path (7001, 404).
	ErrMatchNotFound = errcode.New(errcode.MatchNotFound)
	// ErrNotBookable: the match has started, finished or was cancelled (7002, 400).
	ErrNotBookable = errcode.New(errcode.NotBookable)
	// ErrLibraryNotFound: no such league, team or player (7003, 404).
	ErrLibraryNotFound = errcode.New(errcode.LibraryNotFound)
	// ErrInvalidQuery: a query field the service refuses: an unknown group, tab or date, a time zone
	// out of ±14 h, no match id, a page out of range (1001 format.error).
	ErrInvalidQuery = errcode.New(errcode.BadRequest).WithKey("format.error")
	// ErrAuthRequired: a booking call as a guest (1002).
	ErrAuthRequired = errcode.New(errcode.AuthRequired)
)

// ErrGameNotFound: a detail page of a game not in the catalogue (1004).
var ErrGameNotFound = errcode.New(errcode.NotFound)
