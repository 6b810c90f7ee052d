package protocol

import "courtside/api/errcode"

// Code is the code of an `error` frame: a code of the one catalogue (package errcode, where each is
// defined once with its meaning and its message key; the session localizes the key with the server
// catalogue, api/locale). docs/errors.md lists them all; docs/protocol.md the real-time ones.
type Code = errcode.Code

// The real-time protocol's names for the catalogue's codes (docs/protocol.md), so the actors read
// as the protocol does. The numbers and keys live in errcode only.
const (
	CodeFailed        = errcode.ChatFailed
	CodeAuthRequired  = errcode.AuthFirst
	CodeLoginRequired = errcode.LoginRequired
	CodeMuted         = errcode.Muted
	CodeNonCompliant  = errcode.NonCompliant
	CodeRoomClosed    = errcode.RoomClosed
	CodeLevelTooLow   = errcode.LevelTooLow
	CodeNoCoins       = errcode.InsufficientCoins
	CodeNoDiamonds    = errcode.InsufficientDiamonds
	CodeRateLimited   = errcode.RateLimited
	CodeSlowMode      = errcode.SlowMode
	CodeForbidden     = errcode.ModForbidden
	CodeRoomNotFound  = errcode.RoomNotFound
	CodeBadMessage    = errcode.BadMessage
	CodeMemberOnly    = errcode.MemberOnly
	CodeGiftFailed    = errcode.GiftFailed
	CodeServerError   = errcode.SocketServer
	CodeTopicNotFound = errcode.TopicNotFound
	CodeTooManyTopics = errcode.TooManyTopics
	// Moderation presets (issue 25).
	CodeFollowersOnly = errcode.ModPresetFollowersOnly
	CodeNewAccount    = errcode.ModPresetNewAccount
	CodeStrictWord    = errcode.ModPresetStrictWord
	CodeNothingToUndo = errcode.ModPresetNothingToUndo
)

// WebSocket close codes used by the node (the gateway owns the protocol-level ones).
const (
	CloseGoingAway uint16 = 1001
	ClosePolicy    uint16 = 1008
	// CloseInternalError: the node failed serving this connection (RFC 6455 1011); the client
	// reconnects and resumes.
	CloseInternalError uint16 = 1011
	CloseSlowConsumer  uint16 = 4008
	// CloseSessionEnded: the session's rights were revoked (a ban, a logout, a password reset, an
	// expired session): sign in again.
	CloseSessionEnded uint16 = 4001
)
