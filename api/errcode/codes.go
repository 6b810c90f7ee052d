package errcode

import "strconv"

// Code is an errorCode of the REST envelope and of the WebSocket `error` frame. Ranges
// (docs/decisions/0004-error-codes.md): 1000–1099 generic request errors, 2000–2099 accounts, 2100–2199
// the streamer centre, 3000–3099 sessions, 4000–4499 real-time refusals and the wallet, 4500 the
// real-time server error, 5000 the REST server error, 7000–7099 matches and the data library.
type Code int

// Generic request errors.
const (
	// Format: the body or a parameter is not well formed (malformed JSON, a value of the wrong type,
	// trailing data, a number that is not one, an unknown enumeration value).
	Format Code = 1000
	// BadRequest: a validation rule of spec §5 failed; the message key says which
	// (validation.*, recharge.outOfRange, follow.self, ...).
	BadRequest Code = 1001
	// AuthRequired: the call needs a signed-in user and there is no token ('Please log in first').
	AuthRequired Code = 1002
	// Forbidden: signed in, but not allowed ('Access Denied').
	Forbidden Code = 1003
	// NotFound: no such route or resource.
	NotFound Code = 1004
	// MethodNotAllowed: the route exists for other methods (the Allow header lists them).
	MethodNotAllowed Code = 1005
	// TooLarge: the request body is over the server's limit.
	TooLarge Code = 1006
)

// Accounts: sign-in, codes, registration, profile (api/account).
const (
	// BadCredentials: wrong account or password.
	BadCredentials Code = 2001
	// Locked: too many wrong passwords; the account or the client IP is locked for the minutes given.
	Locked Code = 2002
	// CodeWrong: wrong verification code (the attempt is counted; enough of them void the code).
	CodeWrong Code = 2003
	// CodeExpired: no live verification code: expired, used, voided or never sent.
	CodeExpired Code = 2004
	// CodeTooSoon: a new code for the same address within the 60 s resend interval (the seconds left
	// are given).
	CodeTooSoon Code = 2005
	// CodeRateLimited: too many codes for this address or from this IP.
	CodeRateLimited Code = 2006
	// UsernameTaken: another account has this username.
	UsernameTaken Code = 2007
	// Bound: the phone or e-mail belongs to another account.
	Bound Code = 2008
	// Exists: registration (type 3) of an address whose account exists.
	Exists Code = 2009
	// BindEmail: third-party sign-in without a verified e-mail; the client shows the bind-e-mail step
	// (spec §4, §8).
	BindEmail Code = 2010
	// Banned: the account is banned: no sign-in, every permission denied.
	Banned Code = 2011
	// AccountNotFound: no such account or user.
	AccountNotFound Code = 2012
	// Avatar: the avatar is not a JPG or PNG (avatar.format) or is over 3 MB (avatar.tooLarge).
	Avatar Code = 2013
	// OAuthFailed: the provider is not configured, refused, or its token or state is invalid.
	OAuthFailed Code = 2014
	// SetupDone: the new-user step (username and first password) was already completed.
	SetupDone Code = 2015
	// SendFailed: the verification code could not be delivered (mail or SMS provider failure).
	SendFailed Code = 2016
)

// The streamer centre: applications, live settings, playback (api/anchor).
const (
	// NotAnchor: the caller has no approved streamer record.
	NotAnchor Code = 2101
	// AnchorState: not possible in the application's current status (anchor.state), for instance a
	// second application while one is under review (anchor.underReview).
	AnchorState Code = 2102
	// AnchorBanned: banned from streaming.
	AnchorBanned Code = 2103
	// Application: a field of the streamer application failed spec §5; the key says which
	// (anchor.nameRequired, anchor.idNumberInvalid, anchor.photosRequired, ...).
	Application Code = 2104
	// Underage: the applicant is younger than the minimum streamer age (18).
	Underage Code = 2105
	// PhoneNotBound: the account has no phone, and an application carries the bound phone.
	PhoneNotBound Code = 2106
	// Settings: a live setting failed spec §5; the key says which (anchor.titleRequired,
	// anchor.tooManyPictures, anchor.priceInvalid, ...).
	Settings Code = 2107
	// MatchWindow: the linked match is neither in progress nor starting within the hour
	// (anchor.matchWindow), or does not exist (match.notFound).
	MatchWindow Code = 2108
	// Upload: a picture is not a JPG or PNG, is over 3 MB, or a detail picture is not 1:1.
	Upload Code = 2109
	// Playback: the caller may not watch this stream; the key says why (live.membersOnly,
	// live.trialEnded, live.paymentRequired, live.proSVIPOnly, live.urlExpired).
	Playback Code = 2110
	// NotLive: the room has no stream and no external source ('No live broadcast').
	NotLive Code = 2111
	// UnlockNotNeeded: an unlock of a room that is not a paid room.
	UnlockNotNeeded Code = 2112
)

// Sessions: the client clears its session and goes home (spec §4, §8).
const (
	// SessionExpired: the token's session expired.
	SessionExpired Code = 3000
	// SessionRevoked: the token's session was revoked (signed out, password changed, banned,
	// signed in elsewhere) or never existed.
	SessionRevoked Code = 3001
)

// Real-time refusals: the `error` frame of the WebSocket protocol (docs/protocol.md). 4007, 4008
// and 4015 are also the wallet's REST answers, so a gift refused over either edge carries the same
// number.
const (
	// ChatFailed: the command could not be carried out ('Failed to Send'): too many rooms joined,
	// the room did not answer in time, a history read failed.
	ChatFailed Code = 4000
	// AuthFirst: a command arrived before the connection's `auth` frame was answered.
	AuthFirst Code = 4001
	// LoginRequired: a guest tried what needs an account (chat where guests may not, gifts, reports).
	LoginRequired Code = 4002
	// Muted: the user is muted in this room or platform-wide, or banned from speaking.
	Muted Code = 4003
	// NonCompliant: the message contains a banned word ('Content non-compliance').
	NonCompliant Code = 4004
	// RoomClosed: the room's chat is closed ('Chat room not open').
	RoomClosed Code = 4005
	// LevelTooLow: the user's level is under the room's minimum ('Level too low').
	LevelTooLow Code = 4006
	// InsufficientCoins: the coin wallet cannot pay ('Insufficient gold coins'; the client prompts to
	// recharge). Nothing moved.
	InsufficientCoins Code = 4007
	// InsufficientDiamonds: the diamond wallet cannot pay. Nothing moved.
	InsufficientDiamonds Code = 4008
	// RateLimited: messages sent faster than the per-user limit.
	RateLimited Code = 4009
	// SlowMode: the room's slow mode allows one message per interval.
	SlowMode Code = 4010
	// ModForbidden: a moderation command the user's role in the room does not allow.
	ModForbidden Code = 4011
	// RoomNotFound: no such room or streamer ('Streamer not found').
	RoomNotFound Code = 4012
	// BadMessage: a client message that is not valid protocol, or a gift that does not exist.
	BadMessage Code = 4013
	// MemberOnly: a member-only room for a user without a membership ('Trial ended, activate
	// membership to continue').
	MemberOnly Code = 4014
	// GiftFailed: an unknown or inactive gift, a bad count, a gift to oneself, a missing idempotency
	// key, or a payment that could not be taken ('Gift giving failed').
	GiftFailed Code = 4015
)

// The wallet: recharge and memberships (api/wallet).
const (
	// RechargeFailed: unknown payment method, or the provider refused to open a checkout.
	RechargeFailed Code = 4101
	// ActivationFailed: an unknown membership package or a bad client key.
	ActivationFailed Code = 4102
	// Downgrade: buying VIP while SVIP is in force.
	Downgrade Code = 4103
)

// Server errors: details only in the server's log.
const (
	// SocketServer: anything unexpected behind a WebSocket command.
	SocketServer Code = 4500
	// Server: anything unexpected behind a REST call ('system exception, please try later'). The
	// paid-room unlock answers it with Kind Unavailable (503) when no wallet is wired.
	Server Code = 5000
)

// Matches and the data library (api/matches).
const (
	// MatchNotFound: no such match, or it does not belong to the game in the path.
	MatchNotFound Code = 7001
	// NotBookable: the match has started, finished or was cancelled.
	NotBookable Code = 7002
	// LibraryNotFound: no such league, team or player.
	LibraryNotFound Code = 7003
	// DemoClockOff: a demo match was to be played ahead, but live scores do not come from the demo
	// simulator on this node (a real provider, or no feed).
	DemoClockOff Code = 7004
	// DemoAdvanceRange: a demo match may be played ahead by 1 to 600 minutes at a time.
	DemoAdvanceRange Code = 7005
)

// entry is what the catalogue knows of a code besides its doc comment.
type entry struct {
	key  string // default message key (api/locale)
	kind Kind
	edge Edge
}

// catalogue is the one table of codes: every constant above has exactly one line here, and every
// area's codes_<area>.go adds its own with define (a test checks both ways).
var catalogue = map[Code]entry{
	Format:           {"format.error", KindInvalid, EdgeREST},
	BadRequest:       {"request.failed", KindInvalid, EdgeREST},
	AuthRequired:     {"auth.required", KindUnauthenticated, EdgeREST},
	Forbidden:        {"access.denied", KindForbidden, EdgeREST},
	NotFound:         {"notFound", KindNotFound, EdgeREST},
	MethodNotAllowed: {"method.notAllowed", KindMethodNotAllowed, EdgeREST},
	TooLarge:         {"request.tooLarge", KindTooLarge, EdgeREST},

	BadCredentials:  {"account.badCredentials", KindInvalid, EdgeREST},
	Locked:          {"account.locked", KindTooMany, EdgeREST},
	CodeWrong:       {"validation.codeWrong", KindInvalid, EdgeREST},
	CodeExpired:     {"code.expired", KindInvalid, EdgeREST},
	CodeTooSoon:     {"code.tooSoon", KindTooMany, EdgeREST},
	CodeRateLimited: {"code.rateLimited", KindTooMany, EdgeREST},
	UsernameTaken:   {"account.usernameTaken", KindInvalid, EdgeREST},
	Bound:           {"account.bound", KindInvalid, EdgeREST},
	Exists:          {"account.exists", KindInvalid, EdgeREST},
	BindEmail:       {"oauth.bindEmail", KindInvalid, EdgeREST},
	Banned:          {"account.banned", KindForbidden, EdgeREST},
	AccountNotFound: {"account.notFound", KindNotFound, EdgeREST},
	Avatar:          {"avatar.format", KindInvalid, EdgeREST},
	OAuthFailed:     {"oauth.failed", KindInvalid, EdgeREST},
	SetupDone:       {"account.setupDone", KindInvalid, EdgeREST},
	SendFailed:      {"code.sendFailed", KindUpstream, EdgeREST},

	NotAnchor:       {"anchor.notAnchor", KindForbidden, EdgeREST},
	AnchorState:     {"anchor.state", KindConflict, EdgeREST},
	AnchorBanned:    {"anchor.banned", KindForbidden, EdgeREST},
	Application:     {"application.failed", KindInvalid, EdgeREST},
	Underage:        {"anchor.underage", KindInvalid, EdgeREST},
	PhoneNotBound:   {"anchor.phoneNotBound", KindInvalid, EdgeREST},
	Settings:        {"anchor.settingsInvalid", KindInvalid, EdgeREST},
	MatchWindow:     {"anchor.matchWindow", KindInvalid, EdgeREST},
	Upload:          {"upload.failed", KindInvalid, EdgeREST},
	Playback:        {"access.denied", KindForbidden, EdgeREST},
	NotLive:         {"live.notLive", KindNotFound, EdgeREST},
	UnlockNotNeeded: {"live.notPaidRoom", KindInvalid, EdgeREST},

	SessionExpired: {"session.expired", KindUnauthenticated, EdgeREST},
	SessionRevoked: {"session.revoked", KindUnauthenticated, EdgeREST},

	ChatFailed:           {"chat.failed", KindInternal, EdgeSocket},
	AuthFirst:            {"auth.required", KindUnauthenticated, EdgeSocket},
	LoginRequired:        {"chat.loginRequired", KindUnauthenticated, EdgeSocket},
	Muted:                {"chat.muted", KindForbidden, EdgeSocket},
	NonCompliant:         {"chat.nonCompliant", KindInvalid, EdgeSocket},
	RoomClosed:           {"chat.roomClosed", KindForbidden, EdgeSocket},
	LevelTooLow:          {"chat.levelTooLow", KindForbidden, EdgeSocket},
	InsufficientCoins:    {"gift.insufficientCoins", KindInvalid, EdgeBoth},
	InsufficientDiamonds: {"gift.insufficientDiamonds", KindInvalid, EdgeBoth},
	RateLimited:          {"chat.rateLimited", KindTooMany, EdgeSocket},
	SlowMode:             {"chat.slowMode", KindTooMany, EdgeSocket},
	ModForbidden:         {"mod.forbidden", KindForbidden, EdgeSocket},
	RoomNotFound:         {"room.notFound", KindNotFound, EdgeSocket},
	BadMessage:           {"proto.bad", KindInvalid, EdgeSocket},
	MemberOnly:           {"chat.memberOnly", KindForbidden, EdgeSocket},
	GiftFailed:           {"gift.failed", KindInvalid, EdgeBoth},

	RechargeFailed:   {"recharge.failed", KindInvalid, EdgeREST},
	ActivationFailed: {"membership.activationFailed", KindInvalid, EdgeREST},
	Downgrade:        {"membership.downgrade", KindInvalid, EdgeREST},

	SocketServer: {"server.error", KindInternal, EdgeSocket},
	Server:       {"server.error", KindInternal, EdgeREST},

	MatchNotFound:    {"match.notFound", KindNotFound, EdgeREST},
	NotBookable:      {"match.notBookable", KindInvalid, EdgeREST},
	LibraryNotFound:  {"library.notFound", KindNotFound, EdgeREST},
	DemoClockOff:     {"match.demoClockOff", KindConflict, EdgeREST},
	DemoAdvanceRange: {"match.demoAdvanceRange", KindInvalid, EdgeREST},
}

// define adds an area's codes to the catalogue (from the init of its codes_<area>.go); a code
// defined twice is a programming error.
func define(entries map[Code]entry) {
	for c, e := range entries {
		if _, dup := catalogue[c]; dup {
			panic("errcode: code " + strconv.Itoa(int(c)) + " defined twice")
		}
		catalogue[c] = e
	}
}
