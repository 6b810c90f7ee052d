package system

import (
	"slices"
	"strings"
)

// Buttons are the recharge and membership buttons the client shows for a region and language.
type Buttons struct {
	Region     string   `json:"region"`
	Lang       string   `json:"lang"`
	Recharge   []Button `json:"recharge"`   // coin and diamond top-up, with the payment methods offered
	Membership []Button `json:"membership"` // VIP and SVIP
}

// Button is one button: what it buys and how it can be paid.
type Button struct {
	Product  string   `json:"product"`  // coin, diamond, vip, svip
	PayTypes []string `json:"payTypes"` // recharge: the methods of GET /orderpay/getPayType offered here
	Months   []int    `json:"months,omitempty"`
}

// cnyRegions are where CNY methods (Alipay) are offered: mainland China and the regions whose
// users pay with it; elsewhere a Chinese interface still offers them.
var cnyRegions = []string{"CN", "HK", "MO", "TW"}

// devPayType is the wallet's development payment provider.
const devPayType = "dev"

// PayButtons builds the buttons for region (ISO alpha-2, "" unknown) and lang from the wallet's
// configuration: CNY methods where Alipay is used (cnyRegions, or a Chinese interface), USD methods
// and the development provider everywhere; a recharge button only with a method to pay it; membership buttons for the packages
// on sale (paid with coins, so shown whenever a recharge is possible or packages exist).
func (s *Service) PayButtons(region, lang string) Buttons {
	region = strings.ToUpper(strings.TrimSpace(region))
	cny := slices.Contains(cnyRegions, region) || strings.HasPrefix(strings.ToLower(lang), "zh")
	b := Buttons{Region: region, Lang: lang, Recharge: []Button{}, Membership: []Button{}}
	if s.d.Payments == nil {
		return b
	}
	var methods []string
	for _, p := range s.d.Payments.PayTypes() {
		// The development provider (wallet's "dev", configured only in development and the browser
		// tests) is offered everywhere whatever its currency, so every region can pay in dev.
		if p.Currency == "CNY" && !cny && p.Type != devPayType {
			continue
		}
		methods = append(methods, p.Type)
	}
	if len(methods) > 0 {
		b.Recharge = append(b.Recharge, Button{Product: "coin", PayTypes: methods}, Button{Product: "diamond", PayTypes: methods})
	}
	months := map[string][]int{}
	var order []string
	for _, p := range s.d.Payments.Packages() {
		name := strings.ToLower(p.Name)
		if _, ok := months[name]; !ok {
			order = append(order, name)
		}
		months[name] = append(months[name], p.Months)
	}
	for _, name := range order {
		b.Membership = append(b.Membership, Button{Product: name, PayTypes: []string{}, Months: months[name]})
	}
	return b
}
