package shop

import (
	"errors"

	"courtside/api/errcode"
	"courtside/storage/postgres"
)

// The shop's errors (codes 6201–6212 in api/errcode/codes_shop.go, messages in
// api/locale/messages/shop). Never modify one; the With* methods return copies.
var (
	// ErrProductNotFound: no such product, or off the shelf.
	ErrProductNotFound = errcode.New(errcode.ShopProductNotFound)
	// ErrSoldOut: less stock than asked ('Redemption failed: sold out').
	ErrSoldOut = errcode.New(errcode.ShopSoldOut)
	// ErrOrderLimit and ErrUserLimit: over the per-order or per-user quantity (the limit is an arg).
	ErrOrderLimit = errcode.New(errcode.ShopLimit)
	ErrUserLimit  = errcode.New(errcode.ShopLimit).WithKey("shop.userLimit")
	// ErrOrderNotFound: no such order, or another user's (so order numbers cannot be probed).
	ErrOrderNotFound = errcode.New(errcode.ShopOrderNotFound)
	// ErrOrderState: the order's state does not allow this.
	ErrOrderState = errcode.New(errcode.ShopOrderState)
	// ErrOrderExpired: not paid in time; the stock went back.
	ErrOrderExpired = errcode.New(errcode.ShopOrderExpired)
	// ErrKeyConflict: the idempotency key names another order.
	ErrKeyConflict = errcode.New(errcode.ShopKeyConflict)
	// ErrInsufficientCoins: the coin wallet cannot pay ('Insufficient gold coins', 4007; the client
	// prompts to recharge). Nothing moved.
	ErrInsufficientCoins = errcode.New(errcode.InsufficientCoins)
	// ErrRedeemFailed: the redemption failed otherwise ('Redemption failed').
	ErrRedeemFailed = errcode.New(errcode.RedeemFailed)

	// Validation of an order (spec §5), all ShopInvalid.
	ErrInvalid           = errcode.New(errcode.ShopInvalid)
	ErrRecipientRequired = ErrInvalid.WithKey("shop.recipientRequired")
	ErrAddressRequired   = ErrInvalid.WithKey("shop.addressRequired")
	ErrContactRequired   = ErrInvalid.WithKey("shop.contactRequired")
	ErrQuantity          = ErrInvalid.WithKey("shop.quantityInvalid")
	ErrTooLong           = ErrInvalid.WithKey("shop.fieldTooLong")

	// ErrConfirmCodeRequired: the order needs the one-time code of GET /sendMsg (physical goods, or
	// more coins than Config.ConfirmCodeAbove) and none was given. Nothing moved.
	ErrConfirmCodeRequired = errcode.New(errcode.ShopConfirmCodeRequired)
	// ErrBindContact: a confirmation code was asked for, but the user has neither a phone nor an
	// e-mail bound to receive it.
	ErrBindContact = errcode.New(errcode.ShopBindContact)

	// ErrProductInvalid: a staff edit of a product breaks a rule; ErrPrizesInvalid: of the odds.
	ErrProductInvalid = errcode.New(errcode.ShopProductInvalid)
	ErrPrizesInvalid  = ErrProductInvalid.WithKey("shop.prizesInvalid")
)

// storeErr maps the store's sentinels to the shop's errors; anything else is returned as is (a
// 5000 at the edge).
func storeErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, postgres.ErrShopProductNotFound):
		return ErrProductNotFound
	case errors.Is(err, postgres.ErrShopSoldOut):
		return ErrSoldOut
	case errors.Is(err, postgres.ErrShopOrderNotFound):
		return ErrOrderNotFound
	case errors.Is(err, postgres.ErrShopOrderState):
		return ErrOrderState
	case errors.Is(err, postgres.ErrShopOrderExpired):
		return ErrOrderExpired
	case errors.Is(err, postgres.ErrShopKeyConflict):
		return ErrKeyConflict
	case errors.Is(err, postgres.ErrInsufficientFunds):
		return ErrInsufficientCoins.Wrap(err)
	case errors.Is(err, postgres.ErrShopNoPrizes):
		return ErrRedeemFailed.Wrap(err)
	}
	return err
}
