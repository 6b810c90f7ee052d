package wallet

import (
	"net/http"

	"courtside/api"
)

// errorCodes of the wallet. 4007, 4008 and 4015 are the gift codes of the WebSocket protocol
// (docs/protocol.md), so a gift refused over REST or over the socket carries the same number.
const (
	CodeInsufficientCoins    = 4007
	CodeInsufficientDiamonds = 4008
	CodeGiftFailed           = 4015
	CodeRechargeFailed       = 4101
	CodeActivationFailed     = 4102
	CodeDowngrade            = 4103
)

// Sentinels. They are *api.Error values, so handlers return them as they are and the room actor
// compares with errors.Is. Never modify one; use Wrap for a copy with a cause.
var (
	// ErrInsufficientCoins: the sender's coin wallet cannot pay ('Insufficient gold coins'; the
	// client prompts to recharge). Nothing moved.
	ErrInsufficientCoins = api.Fail(http.StatusBadRequest, CodeInsufficientCoins, "gift.insufficientCoins")
	// ErrInsufficientDiamonds: the sender's diamond wallet cannot pay. Nothing moved.
	ErrInsufficientDiamonds = api.Fail(http.StatusBadRequest, CodeInsufficientDiamonds, "gift.insufficientDiamonds")
	// ErrGiftFailed: unknown or inactive gift, bad count, a gift to oneself, no idempotency key.
	ErrGiftFailed = api.Fail(http.StatusBadRequest, CodeGiftFailed, "gift.failed")
	// ErrOutOfRange: a top-up amount outside 1..99999 (spec §5), or an unknown preset.
	ErrOutOfRange = api.BadRequest("recharge.outOfRange")
	// ErrRechargeFailed: unknown payment method, or the provider refused to open a checkout.
	ErrRechargeFailed = api.Fail(http.StatusBadRequest, CodeRechargeFailed, "recharge.failed")
	// ErrActivationFailed: unknown membership package.
	ErrActivationFailed = api.Fail(http.StatusBadRequest, CodeActivationFailed, "membership.activationFailed")
	// ErrDowngrade: buying VIP while SVIP is in force (it would shorten nothing and buy nothing).
	ErrDowngrade = api.Fail(http.StatusBadRequest, CodeDowngrade, "membership.downgrade")
)
