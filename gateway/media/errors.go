package media

import (
	"errors"

	"courtside/api/errcode"
)

// Sentinels. The playback refusals are domain errors of the one catalogue (api/errcode: a code and a
// message key), so the REST layer answers them in the viewer's language as they are; the others are
// the ingest's and the media endpoints' own.
var (
	// ErrBadStreamKey: the RTMP publisher's stream key matches no streamer allowed to broadcast now
	// (unknown, rotated, banned, or live not started in the streamer centre).
	ErrBadStreamKey = errors.New("media: stream key refused")
	// ErrSourceRefused: the room's streamer keeps an allow-list of source addresses and the publisher
	// connects from an address not on it.
	ErrSourceRefused = errors.New("media: source address not on the streamer's allow-list")
	// ErrRoomBusy: the room already has a publisher; a second push is refused.
	ErrRoomBusy = errors.New("media: room already has a publisher")
	// ErrUnsupportedCodec: only H.264 video with optional AAC audio is remuxed (what OBS sends by default).
	ErrUnsupportedCodec = errors.New("media: unsupported codec (H.264 + AAC only)")
	// ErrBadSignature: a playback URL's signature is missing, malformed or does not match.
	ErrBadSignature = errcode.New(errcode.Forbidden)
	// ErrURLExpired: a playback URL is past its expiry (the client asks for a new one).
	ErrURLExpired = errcode.New(errcode.Playback).WithKey("live.urlExpired")
	// ErrNotLive: the room has no publisher and no external source.
	ErrNotLive = errcode.New(errcode.NotLive)
	// ErrRoomNotFound: no such room.
	ErrRoomNotFound = errcode.New(errcode.NotFound).WithKey("room.notFound")
	// ErrLoginRequired: member-only and paid rooms and the Pro stream need a signed-in viewer.
	ErrLoginRequired = errcode.New(errcode.AuthRequired)
	// ErrTrialEnded: the non-member's trial of a member-only room is over: activate membership.
	ErrTrialEnded = errcode.New(errcode.Playback).WithKey("live.trialEnded")
	// ErrMembersOnly: a member-only room and trials are disabled.
	ErrMembersOnly = errcode.New(errcode.Playback).WithKey("live.membersOnly")
	// ErrPaymentRequired: a paid room the viewer has not unlocked.
	ErrPaymentRequired = errcode.New(errcode.Playback).WithKey("live.paymentRequired")
	// ErrProRequiresSVIP: the low-delay Pro stream is for SVIP members.
	ErrProRequiresSVIP = errcode.New(errcode.Playback).WithKey("live.proSVIPOnly")
	// ErrBadSource: the requested source kind is not one of SourcePro, SourceHLS, SourceExternal.
	ErrBadSource = errcode.New(errcode.Format)
)

// ErrorKey returns the api/locale message key of a refusal of this package, or "" for an error that
// is not a domain error (a server error).
func ErrorKey(err error) string {
	if e, ok := errcode.As(err); ok {
		return e.Key
	}
	return ""
}
