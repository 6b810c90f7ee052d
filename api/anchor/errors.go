package anchor

import "courtside/api/errcode"

// The streamer centre's errors. Codes and default messages are in the catalogue (package errcode,
// 2101–2112 and the generic ones). Shared values: never modify one; WithKey and Wrap return copies.
var (
	// ErrNotAnchor: no approved streamer record for the caller (2101).
	ErrNotAnchor = errcode.New(errcode.NotAnchor)
	// ErrUnderReview: an application is under review (2102 anchor.underReview).
	ErrUnderReview = errcode.New(errcode.AnchorState).WithKey("anchor.underReview")
	// ErrState: not possible in the application's current status (2102).
	ErrState = errcode.New(errcode.AnchorState)
	// ErrBanned: banned from streaming (2103).
	ErrBanned = errcode.New(errcode.AnchorBanned)
	// ErrUnderage: younger than Config.MinAge (2105).
	ErrUnderage = errcode.New(errcode.Underage)
	// ErrPhoneNotBound: the account has no phone (2106).
	ErrPhoneNotBound = errcode.New(errcode.PhoneNotBound)
	// ErrMatchWindow: the linked match is not in progress nor starting within the window (2108).
	ErrMatchWindow = errcode.New(errcode.MatchWindow)
	// ErrMatchNotFound: the linked match does not exist (2108 match.notFound).
	ErrMatchNotFound = errcode.New(errcode.MatchWindow).WithKey("match.notFound")
	// ErrNotLive: the room has no stream and no external source (2111).
	ErrNotLive = errcode.New(errcode.NotLive)
	// ErrUnlockNotNeeded: the room is not a paid room (2112).
	ErrUnlockNotNeeded = errcode.New(errcode.UnlockNotNeeded)
	// ErrRoomNotFound: no streamer or room of that id (1004 room.notFound).
	ErrRoomNotFound = errcode.New(errcode.NotFound).WithKey("room.notFound")
	// ErrUploadNotFound: no such picture (1004).
	ErrUploadNotFound = errcode.New(errcode.NotFound)
	// ErrUnlockUnavailable: no wallet wired to take unlock payments (5000, KindUnavailable: 503).
	ErrUnlockUnavailable = errcode.New(errcode.Server).WithKind(errcode.KindUnavailable)
	// ErrBadInput: a malformed field: an unknown status, upload kind or user id, a rejection without a
	// reason, a match and a tag together, a field over its length (1000).
	ErrBadInput = errcode.New(errcode.Format)
	// ErrLoginRequired: playback of a room that needs an account, as a guest (1002).
	ErrLoginRequired = errcode.New(errcode.AuthRequired)
)

// appError is an application field that failed spec §5 (2104) with its message key.
func appError(key string) *errcode.Error { return errcode.New(errcode.Application).WithKey(key) }

// settingsError is a live setting that failed spec §5 (2107) with its message key.
func settingsError(key string) *errcode.Error { return errcode.New(errcode.Settings).WithKey(key) }

// uploadError is a refused picture (2109) with its message key.
func uploadError(key string) *errcode.Error { return errcode.New(errcode.Upload).WithKey(key) }

// ErrAccessDenied: a picture or call the caller may not see (1003).
var ErrAccessDenied = errcode.New(errcode.Forbidden)
