package errcode

// Paid messages in live rooms (api/paidmsg, issue 25 §4), range 7200–7249. Insufficient coins is the
// wallet's 4007 (the client prompts to recharge).
const (
	// PaidTier: the amount is not one of the paid message tiers.
	PaidTier Code = 7200
	// PaidText: the message is empty or longer than a chat line.
	PaidText Code = 7201
	// PaidRefused: the room's chat rules refuse the message (muted, a banned word, chat closed, members
	// only, level too low, a guest; the key says which). Nothing was charged.
	PaidRefused Code = 7202
	// PaidNotFound: no such paid message in this room.
	PaidNotFound Code = 7203
	// PaidReason: a removal without one of the removal reasons.
	PaidReason Code = 7204
	// PaidForbidden: only the room's moderators, its streamer and administrators remove paid messages;
	// a streamer cannot send one in their own room (the key says which).
	PaidForbidden Code = 7205
	// PaidFailed: the paid message could not be sent or removed now; retrying the same request is
	// safe (it is never charged or refunded twice).
	PaidFailed Code = 7206
)

func init() {
	define(map[Code]entry{
		PaidTier:      {"paidmsg.tier", KindInvalid, EdgeREST},
		PaidText:      {"paidmsg.text", KindInvalid, EdgeREST},
		PaidRefused:   {"paidmsg.refused", KindForbidden, EdgeREST},
		PaidNotFound:  {"paidmsg.notFound", KindNotFound, EdgeREST},
		PaidReason:    {"paidmsg.reason", KindInvalid, EdgeREST},
		PaidForbidden: {"paidmsg.forbidden", KindForbidden, EdgeREST},
		PaidFailed:    {"paidmsg.failed", KindUnavailable, EdgeREST},
	})
}
