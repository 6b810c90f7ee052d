package protocol

// Code is an error code sent to clients in `error` frames. Each code has a message key that the
// session localizes with the server catalogue (api/locale). The table is docs/protocol.md's.
type Code int

// Error codes of docs/protocol.md.
const (
	CodeFailed        Code = 4000
	CodeAuthRequired  Code = 4001
	CodeLoginRequired Code = 4002
	CodeMuted         Code = 4003
	CodeNonCompliant  Code = 4004
	CodeRoomClosed    Code = 4005
	CodeLevelTooLow   Code = 4006
	CodeNoCoins       Code = 4007
	CodeNoDiamonds    Code = 4008
	CodeRateLimited   Code = 4009
	CodeSlowMode      Code = 4010
	CodeForbidden     Code = 4011
	CodeRoomNotFound  Code = 4012
	CodeBadMessage    Code = 4013
	CodeMemberOnly    Code = 4014
	CodeGiftFailed    Code = 4015
	CodeServerError   Code = 4500
)

var codeKeys = map[Code]string{
	CodeFailed:        "chat.failed",
	CodeAuthRequired:  "auth.required",
	CodeLoginRequired: "chat.loginRequired",
	CodeMuted:         "chat.muted",
	CodeNonCompliant:  "chat.nonCompliant",
	CodeRoomClosed:    "chat.roomClosed",
	CodeLevelTooLow:   "chat.levelTooLow",
	CodeNoCoins:       "gift.insufficientCoins",
	CodeNoDiamonds:    "gift.insufficientDiamonds",
	CodeRateLimited:   "chat.rateLimited",
	CodeSlowMode:      "chat.slowMode",
	CodeForbidden:     "mod.forbidden",
	CodeRoomNotFound:  "room.notFound",
	CodeBadMessage:    "proto.bad",
	CodeMemberOnly:    "chat.memberOnly",
	CodeGiftFailed:    "gift.failed",
	CodeServerError:   "server.error",
}

// Key returns the message key of c (server.error for an unknown code).
func (c Code) Key() string {
	if k, ok := codeKeys[c]; ok {
		return k
	}
	return "server.error"
}

// Codes lists every code, for tests that check each key is translated.
func Codes() []Code {
	out := make([]Code, 0, len(codeKeys))
	for c := range codeKeys {
		out = append(out, c)
	}
	return out
}

// WebSocket close codes used by the node (the gateway owns the protocol-level ones).
const (
	CloseGoingAway    uint16 = 1001
	ClosePolicy       uint16 = 1008
	CloseSlowConsumer uint16 = 4008
)
