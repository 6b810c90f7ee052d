package anchor

import (
	"net/http"

	"courtside/api"
)

// The streamer centre's errorCodes (2100–2199, beside the accounts' 2001–2016). Every one has a
// message key in api/locale.
const (
	CodeNotAnchor       = 2101 // no approved streamer record for the caller
	CodeState           = 2102 // not allowed in the application's current status
	CodeBanned          = 2103 // banned from streaming
	CodeApplication     = 2104 // an application field failed validation
	CodeUnderage        = 2105 // younger than MinAge
	CodePhoneNotBound   = 2106 // the account has no phone
	CodeSettings        = 2107 // a live setting failed validation
	CodeMatchWindow     = 2108 // linked match not in progress nor starting within the window
	CodeUpload          = 2109 // not a JPG/PNG, too large, or a detail picture not 1:1
	CodePlayback        = 2110 // a playback refusal (members only, trial ended, unlock needed, SVIP only)
	CodeNotLive         = 2111 // the room has no stream and no external source
	CodeUnlockNotNeeded = 2112 // the room is not a paid room
)

// Sentinels (shared values: use WithCode or Wrap for a copy).
var (
	ErrNotAnchor         = api.Fail(http.StatusForbidden, CodeNotAnchor, "anchor.notAnchor")
	ErrUnderReview       = api.Fail(http.StatusConflict, CodeState, "anchor.underReview")
	ErrState             = api.Fail(http.StatusConflict, CodeState, "anchor.state")
	ErrBanned            = api.Fail(http.StatusForbidden, CodeBanned, "anchor.banned")
	ErrUnderage          = api.Fail(http.StatusBadRequest, CodeUnderage, "anchor.underage")
	ErrPhoneNotBound     = api.Fail(http.StatusBadRequest, CodePhoneNotBound, "anchor.phoneNotBound")
	ErrMatchWindow       = api.Fail(http.StatusBadRequest, CodeMatchWindow, "anchor.matchWindow")
	ErrMatchNotFound     = api.Fail(http.StatusBadRequest, CodeMatchWindow, "match.notFound")
	ErrNotLive           = api.Fail(http.StatusNotFound, CodeNotLive, "live.notLive")
	ErrUnlockNotNeeded   = api.Fail(http.StatusBadRequest, CodeUnlockNotNeeded, "live.notPaidRoom")
	ErrUploadNotFound    = api.Fail(http.StatusNotFound, api.CodeNotFound, "notFound")
	ErrUnlockUnavailable = api.Fail(http.StatusServiceUnavailable, api.CodeServer, "server.error")
)

func appError(key string) *api.Error {
	return api.Fail(http.StatusBadRequest, CodeApplication, key)
}

func settingsError(key string) *api.Error {
	return api.Fail(http.StatusBadRequest, CodeSettings, key)
}

func uploadError(key string) *api.Error {
	return api.Fail(http.StatusBadRequest, CodeUpload, key)
}
