package system_test

import (
	"slices"
	"testing"

	"courtside/api/system"
	"courtside/api/wallet"
)

// payments is the wallet's configuration: Alipay in CNY, card and USDT in USD, VIP and SVIP.
type payments struct{}

func (payments) PayTypes() []wallet.PayType {
	return []wallet.PayType{{Type: "alipay", Currency: "CNY", QR: true}, {Type: "card", Currency: "USD"}, {Type: "usdt", Currency: "USD", QR: true}}
}

func (payments) Packages() []wallet.Package {
	return []wallet.Package{{Tier: 1, Name: "VIP", Months: 1}, {Tier: 1, Name: "VIP", Months: 3}, {Tier: 2, Name: "SVIP", Months: 1}}
}

type withDev struct{ payments }

func (withDev) PayTypes() []wallet.PayType {
	return append(payments{}.PayTypes(), wallet.PayType{Type: "dev", Currency: "CNY"})
}

type usdOnly struct{ payments }

func (usdOnly) PayTypes() []wallet.PayType {
	return []wallet.PayType{{Type: "alipay", Currency: "CNY"}}
}

func TestPayButtonsPerRegionAndLanguage(t *testing.T) {
	s := system.New(system.Config{}, system.Deps{Payments: payments{}})
	tests := []struct {
		name, region, lang string
		want               []string
	}{
		{"mainland China", "CN", "zh_CN", []string{"alipay", "card", "usdt"}},
		{"Hong Kong in English", "hk", "en_US", []string{"alipay", "card", "usdt"}},
		{"Vietnam", "VN", "vi", []string{"card", "usdt"}},
		{"a Chinese reader abroad", "US", "zh_tw", []string{"alipay", "card", "usdt"}},
		{"unknown region", "", "en_US", []string{"card", "usdt"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := s.PayButtons(tt.region, tt.lang)
			if len(b.Recharge) != 2 || b.Recharge[0].Product != "coin" || b.Recharge[1].Product != "diamond" {
				t.Fatalf("recharge %+v", b.Recharge)
			}
			if !slices.Equal(b.Recharge[0].PayTypes, tt.want) {
				t.Fatalf("methods %v, want %v", b.Recharge[0].PayTypes, tt.want)
			}
			if len(b.Membership) != 2 || b.Membership[0].Product != "vip" || !slices.Equal(b.Membership[0].Months, []int{1, 3}) {
				t.Fatalf("membership %+v", b.Membership)
			}
		})
	}
	// The development provider (CNY by default) stays usable everywhere in dev and the browser tests.
	b := system.New(system.Config{}, system.Deps{Payments: withDev{}}).PayButtons("", "en_US")
	if len(b.Recharge) != 2 || !slices.Equal(b.Recharge[0].PayTypes, []string{"card", "usdt", "dev"}) {
		t.Fatalf("dev provider abroad: %+v", b.Recharge)
	}
	// Only a CNY method configured: no recharge button where it is not offered.
	b = system.New(system.Config{}, system.Deps{Payments: usdOnly{}}).PayButtons("DE", "de")
	if len(b.Recharge) != 0 {
		t.Fatalf("Germany with Alipay only: %+v", b.Recharge)
	}
}
