package wallet

import "fmt"

// Rates and limits of spec §9.
const (
	// CoinsPerCNY: 1 RMB = 10 coins.
	CoinsPerCNY = 10
	// FenPerUSD: 1 USD = 7 RMB; card, PayPal and USDT settle in USD.
	FenPerUSD = 700
	// MaxCustomTopUp is the largest custom diamond top-up (spec §5: 'out of recharge range').
	MaxCustomTopUp = 99999
	// WelcomeBonusCoins is the registration bonus, granted once per user (GrantWelcome).
	WelcomeBonusCoins = 200
)

// PresetCNY are the preset top-ups in yuan, each tied to a level label (LV1..LV5).
var PresetCNY = []int64{10, 200, 1000, 3000, 10000}

// Preset is one top-up option of /orderpay/gold/list and /orderpay/score/list.
type Preset struct {
	ID     int    `json:"id"`     // 1..5
	Money  int64  `json:"money"`  // price in yuan
	Amount int64  `json:"amount"` // coins or diamonds received
	Level  int    `json:"level"`  // 1..5
	Label  string `json:"label"`  // "LV1".."LV5"
}

// Product is what a recharge buys.
type Product string

// Products.
const (
	ProductCoin    Product = "coin"
	ProductDiamond Product = "diamond"
)

// Quote is the price of a top-up in one payment currency.
type Quote struct {
	Product     Product `json:"product"`
	Quantity    int64   `json:"quantity"`    // coins or diamonds credited
	CNYFen      int64   `json:"cnyFen"`      // price in fen
	Currency    string  `json:"currency"`    // what the chosen method charges in
	AmountMinor int64   `json:"amountMinor"` // fen or cents
	Amount      string  `json:"amount"`      // the same as a decimal, "1.43"
}

// Presets lists the top-up options for product.
func (s *Service) Presets(p Product) []Preset {
	out := make([]Preset, len(PresetCNY))
	for i, cny := range PresetCNY {
		out[i] = Preset{ID: i + 1, Money: cny, Level: i + 1, Label: fmt.Sprintf("LV%d", i+1)}
		if p == ProductDiamond {
			out[i].Amount = cny * s.cfg.DiamondsPerCNY
		} else {
			out[i].Amount = cny * CoinsPerCNY
		}
	}
	return out
}

// PriceIn converts a price in fen to what a method charges in: CNY as is, USD at 1 USD = 7 RMB,
// rounded up to the cent (the payer never pays less than the coins are worth).
func PriceIn(currency string, cnyFen int64) int64 {
	if currency == "USD" {
		return (cnyFen + FenPerUSD/100 - 1) / (FenPerUSD / 100)
	}
	return cnyFen
}

// Quote prices a top-up: a preset (presetID 1..5) or, for diamonds only, a custom amount of 1..99999
// diamonds (presetID 0). currency is the payment method's.
func (s *Service) Quote(p Product, presetID int, custom int64, currency string) (Quote, error) {
	q := Quote{Product: p, Currency: currency}
	switch {
	case p != ProductCoin && p != ProductDiamond:
		return Quote{}, ErrRechargeFailed
	case presetID > 0:
		if presetID > len(PresetCNY) {
			return Quote{}, ErrOutOfRange
		}
		q.CNYFen = PresetCNY[presetID-1] * 100
		q.Quantity = s.Presets(p)[presetID-1].Amount
	case p == ProductDiamond:
		if custom < 1 || custom > MaxCustomTopUp {
			return Quote{}, ErrOutOfRange
		}
		q.Quantity = custom
		q.CNYFen = (custom*100 + s.cfg.DiamondsPerCNY - 1) / s.cfg.DiamondsPerCNY
	default: // coins only come in presets
		return Quote{}, ErrOutOfRange
	}
	q.AmountMinor = PriceIn(currency, q.CNYFen)
	q.Amount = fmt.Sprintf("%d.%02d", q.AmountMinor/100, q.AmountMinor%100)
	return q, nil
}

// DiamondCoinValue is what one diamond is worth in coins (for leaderboard points): 10 coins per RMB
// divided by diamonds per RMB.
func (s *Service) DiamondCoinValue() int64 {
	return max(1, CoinsPerCNY/s.cfg.DiamondsPerCNY)
}
