package matches

import (
	"net/http"

	"courtside/api"
)

// errorCodes of this package (7001–7099).
const (
	CodeMatchNotFound   = 7001 // no such match (or it does not belong to the game in the path)
	CodeNotBookable     = 7002 // the match has started, finished or was cancelled
	CodeLibraryNotFound = 7003 // no such league, team or player
)

// Client-facing errors (shared values: use WithCode/Wrap for a copy).
var (
	// ErrMatchNotFound: 404, "match.notFound".
	ErrMatchNotFound = api.Fail(http.StatusNotFound, CodeMatchNotFound, "match.notFound")
	// ErrNotBookable: 400, "match.notBookable".
	ErrNotBookable = api.Fail(http.StatusBadRequest, CodeNotBookable, "match.notBookable")
	// ErrLibraryNotFound: 404, "library.notFound".
	ErrLibraryNotFound = api.Fail(http.StatusNotFound, CodeLibraryNotFound, "library.notFound")
)
