package wallet

import "courtside/api/errcode"

// The wallet's errors. Codes and default messages are in the catalogue (package errcode); 4007, 4008
// and 4015 are the gift codes of the WebSocket protocol too, so a gift refused over REST or over the
// socket carries the same number. The room actor compares with errors.Is. Never modify one; use Wrap
// for a copy with a cause.
var (
	// ErrInsufficientCoins: the coin wallet cannot pay ('Insufficient gold coins'; the client prompts
	// to recharge). Nothing moved.
	ErrInsufficientCoins = errcode.New(errcode.InsufficientCoins)
	// ErrInsufficientDiamonds: the diamond wallet cannot pay. Nothing moved.
	ErrInsufficientDiamonds = errcode.New(errcode.InsufficientDiamonds)
	// ErrGiftFailed: unknown or inactive gift, bad count, a gift to oneself, no idempotency key.
	ErrGiftFailed = errcode.New(errcode.GiftFailed)
	// ErrOutOfRange: a top-up amount outside 1..99999 (spec §5), or an unknown preset (1001).
	ErrOutOfRange = errcode.New(errcode.BadRequest).WithKey("recharge.outOfRange")
	// ErrRechargeFailed: unknown payment method or product, or the provider refused to open a checkout.
	ErrRechargeFailed = errcode.New(errcode.RechargeFailed)
	// ErrActivationFailed: unknown membership package, or a bad client key.
	ErrActivationFailed = errcode.New(errcode.ActivationFailed)
	// ErrDowngrade: buying VIP while SVIP is in force (it would shorten nothing and buy nothing).
	ErrDowngrade = errcode.New(errcode.Downgrade)
	// ErrBadClientKey: a recharge without a client key, or with one over 100 bytes (1000).
	ErrBadClientKey = errcode.New(errcode.Format)
	// ErrOrderNotFound: no such order, or one the caller may not see: another user's order is "not
	// found" too, so order numbers cannot be probed (1004).
	ErrOrderNotFound = errcode.New(errcode.NotFound)
	// ErrRefundNotPaid: an administrator's refund of an order that is not paid (6703).
	ErrRefundNotPaid = errcode.New(errcode.RefundNotPaid)
	// ErrRoomNotFound: no such live room (1004).
	ErrRoomNotFound = errcode.New(errcode.NotFound).WithKey("security.roomNotFound")
)
