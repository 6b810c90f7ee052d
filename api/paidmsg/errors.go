package paidmsg

import (
	"courtside/actors/protocol"
	"courtside/api/errcode"
)

// The area's errors (codes 7200–7206 in api/errcode/codes_paidmsg.go, messages in
// api/locale/messages/paidmsg). Never modify one; the With* methods return copies.
var (
	// ErrTier: the amount is not a tier.
	ErrTier = errcode.New(errcode.PaidTier)
	// ErrText: empty or too long.
	ErrText = errcode.New(errcode.PaidText)
	// ErrRefused: the room's chat rules refuse it; the key says which rule. Nothing was charged.
	ErrRefused = errcode.New(errcode.PaidRefused)
	// ErrNotFound: no such paid message in this room.
	ErrNotFound = errcode.New(errcode.PaidNotFound)
	// ErrReason: not a removal reason.
	ErrReason = errcode.New(errcode.PaidReason)
	// ErrForbidden: the caller does not moderate the room.
	ErrForbidden = errcode.New(errcode.PaidForbidden)
	// ErrOwnRoom: a streamer paying in their own room.
	ErrOwnRoom = errcode.New(errcode.PaidForbidden).WithKey("paidmsg.ownRoom")
	// ErrFailed: not done now; the same request may be retried safely.
	ErrFailed = errcode.New(errcode.PaidFailed)
	// ErrInsufficientCoins: the coin wallet cannot pay (4007; the client prompts to recharge).
	ErrInsufficientCoins = errcode.New(errcode.InsufficientCoins)
)

// refusalKeys names, for each refusal of the room's chat rules, the message the sender reads.
var refusalKeys = map[protocol.Code]string{
	protocol.CodeLoginRequired: "paidmsg.loginRequired",
	protocol.CodeRoomClosed:    "paidmsg.roomClosed",
	protocol.CodeMuted:         "paidmsg.muted",
	protocol.CodeMemberOnly:    "paidmsg.memberOnly",
	protocol.CodeLevelTooLow:   "paidmsg.levelTooLow",
	protocol.CodeNonCompliant:  "paidmsg.nonCompliant",
	protocol.CodeRoomNotFound:  "paidmsg.roomNotFound",
}

// replyError turns a room's refusal code into the REST error.
func replyError(c protocol.Code) error {
	if key, ok := refusalKeys[c]; ok {
		return ErrRefused.WithKey(key)
	}
	switch c {
	case protocol.CodeNoCoins:
		return ErrInsufficientCoins
	case errcode.PaidTier:
		return ErrTier
	case errcode.PaidNotFound:
		return ErrNotFound
	case errcode.PaidReason:
		return ErrReason
	case errcode.PaidForbidden, protocol.CodeForbidden:
		return ErrForbidden
	}
	return ErrFailed
}
