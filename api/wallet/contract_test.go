package wallet_test

import (
	"courtside/actors/room"
	"courtside/api/account"
	"courtside/api/wallet"
	"courtside/api/wallet/roomwallet"
)

// The ports other modules declare for the wallet, checked at compile time so the engine's wiring
// cannot drift from them.
var (
	_ account.WelcomeBonus = (*wallet.Service)(nil)
	_ account.Balances     = (*wallet.Service)(nil)
	_ room.Wallet          = roomwallet.New((*wallet.Service)(nil))
)
