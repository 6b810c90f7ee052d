package errcode

// The coin shop (api/shop), range 6200–6299 (decision 0004). Insufficient coins is the wallet's 4007
// ('Insufficient gold coins'; the client prompts to recharge).
const (
	// ShopProductNotFound: no such product, or it is off the shelf.
	ShopProductNotFound Code = 6201
	// ShopSoldOut: less stock left than the quantity asked ('Redemption failed: sold out').
	ShopSoldOut Code = 6202
	// ShopLimit: over the product's quantity per order (shop.orderLimit) or per user (shop.userLimit);
	// the limit is given.
	ShopLimit Code = 6203
	// ShopOrderNotFound: no such order, or another user's.
	ShopOrderNotFound Code = 6204
	// ShopOrderState: the order is not in a state that allows this (paying a cancelled order,
	// shipping one not paid, refunding one delivered).
	ShopOrderState Code = 6205
	// ShopOrderExpired: the order was not paid in time; its stock went back on the shelf.
	ShopOrderExpired Code = 6206
	// ShopKeyConflict: the order's idempotency key was already used for another product or quantity.
	ShopKeyConflict Code = 6207
	// ShopInvalid: an order breaks a rule of spec §5: recipient, address or contact missing for
	// physical goods, a bad quantity, no key, a field too long (the key says which).
	ShopInvalid Code = 6208
	// RedeemFailed: a redemption failed for another reason ('Redemption (exchange) failed', spec §8).
	RedeemFailed Code = 6209
	// ShopProductInvalid: a staff edit of a product or of blind-box odds breaks a rule (the key says
	// which).
	ShopProductInvalid Code = 6210
	// ShopConfirmCodeRequired: the order needs the one-time confirmation code of GET /sendMsg (physical
	// goods, or a spend above the shop's threshold) and none was given. A wrong or expired code is the
	// accounts' CodeWrong (2003) or CodeExpired (2004).
	ShopConfirmCodeRequired Code = 6211
	// ShopBindContact: a confirmation code was asked for, but the account has neither a phone nor an
	// e-mail bound to receive it.
	ShopBindContact Code = 6212
)

func init() {
	define(map[Code]entry{
		ShopProductNotFound:     {"shop.productNotFound", KindNotFound, EdgeREST},
		ShopSoldOut:             {"shop.soldOut", KindConflict, EdgeREST},
		ShopLimit:               {"shop.orderLimit", KindInvalid, EdgeREST},
		ShopOrderNotFound:       {"shop.orderNotFound", KindNotFound, EdgeREST},
		ShopOrderState:          {"shop.orderState", KindConflict, EdgeREST},
		ShopOrderExpired:        {"shop.orderExpired", KindInvalid, EdgeREST},
		ShopKeyConflict:         {"shop.keyConflict", KindConflict, EdgeREST},
		ShopInvalid:             {"shop.invalid", KindInvalid, EdgeREST},
		RedeemFailed:            {"redeem.failed", KindInvalid, EdgeREST},
		ShopProductInvalid:      {"shop.productInvalid", KindInvalid, EdgeREST},
		ShopConfirmCodeRequired: {"shop.confirmCodeRequired", KindInvalid, EdgeREST},
		ShopBindContact:         {"shop.bindContact", KindInvalid, EdgeREST},
	})
}
