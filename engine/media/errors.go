package media

import "errors"

// Sentinels. Each playback refusal has a message key in api/locale (ErrorKey) so the REST layer can
// answer in the viewer's language.
var (
	// ErrBadStreamKey: the RTMP publisher's stream key matches no streamer allowed to broadcast now
	// (unknown, rotated, banned, or live not started in the streamer centre).
	ErrBadStreamKey = errors.New("media: stream key refused")
	// ErrRoomBusy: the room already has a publisher; a second push is refused.
	ErrRoomBusy = errors.New("media: room already has a publisher")
	// ErrUnsupportedCodec: only H.264 video with optional AAC audio is remuxed (what OBS sends by default).
	ErrUnsupportedCodec = errors.New("media: unsupported codec (H.264 + AAC only)")
	// ErrBadSignature: a playback URL's signature is missing, malformed or does not match.
	ErrBadSignature = errors.New("media: bad playback signature")
	// ErrURLExpired: a playback URL is past its expiry (the client asks for a new one).
	ErrURLExpired = errors.New("media: playback URL expired")
	// ErrNotLive: the room has no publisher and no external source.
	ErrNotLive = errors.New("media: room is not live")
	// ErrRoomNotFound: no such room.
	ErrRoomNotFound = errors.New("media: no such room")
	// ErrLoginRequired: member-only and paid rooms and the Pro stream need a signed-in viewer.
	ErrLoginRequired = errors.New("media: sign in to watch this room")
	// ErrTrialEnded: the non-member's trial of a member-only room is over: activate membership.
	ErrTrialEnded = errors.New("media: trial ended, activate membership")
	// ErrMembersOnly: a member-only room and trials are disabled.
	ErrMembersOnly = errors.New("media: members only")
	// ErrPaymentRequired: a paid room the viewer has not unlocked.
	ErrPaymentRequired = errors.New("media: unlock this room to watch")
	// ErrProRequiresSVIP: the low-delay Pro stream is for SVIP members.
	ErrProRequiresSVIP = errors.New("media: the Pro stream is for SVIP members")
	// ErrBadSource: the requested source kind is not one of SourcePro, SourceHLS, SourceExternal.
	ErrBadSource = errors.New("media: unknown source kind")
)

// ErrorKey returns the api/locale message key for a playback error of this package, or "" for an
// error that is not one of the sentinels above (a server error).
func ErrorKey(err error) string {
	for _, k := range errorKeys {
		if errors.Is(err, k.err) {
			return k.key
		}
	}
	return ""
}

var errorKeys = []struct {
	err error
	key string
}{
	{ErrNotLive, "live.notLive"},
	{ErrRoomNotFound, "room.notFound"},
	{ErrLoginRequired, "auth.required"},
	{ErrTrialEnded, "live.trialEnded"},
	{ErrMembersOnly, "live.membersOnly"},
	{ErrPaymentRequired, "live.paymentRequired"},
	{ErrProRequiresSVIP, "live.proSVIPOnly"},
	{ErrBadSource, "format.error"},
	{ErrBadSignature, "access.denied"},
	{ErrURLExpired, "live.urlExpired"},
}
