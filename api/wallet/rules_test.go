package wallet

import (
	"errors"
	"testing"
	"time"

	"courtside/storage/postgres"
)

// ruleService is a Service with only its configuration: the rules below touch no storage.
func ruleService(cfg Config) *Service {
	cfg.fill()
	return &Service{cfg: cfg}
}

func TestCoinPresetsFollowTheSpecRate(t *testing.T) {
	s := ruleService(Config{})
	want := []struct {
		money, coins int64
		label        string
	}{{10, 100, "LV1"}, {200, 2000, "LV2"}, {1000, 10000, "LV3"}, {3000, 30000, "LV4"}, {10000, 100000, "LV5"}}
	got := s.Presets(ProductCoin)
	if len(got) != len(want) {
		t.Fatalf("%d presets, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].Money != w.money || got[i].Amount != w.coins || got[i].Label != w.label || got[i].ID != i+1 {
			t.Errorf("preset %d = %+v, want %d CNY -> %d coins, %s", i+1, got[i], w.money, w.coins, w.label)
		}
	}
}

func TestDiamondPresetsFollowTheConfiguredRate(t *testing.T) {
	for _, rate := range []int64{1, 3} {
		s := ruleService(Config{DiamondsPerCNY: rate})
		for i, p := range s.Presets(ProductDiamond) {
			if p.Amount != PresetCNY[i]*rate {
				t.Errorf("rate %d: preset %d gives %d diamonds, want %d", rate, i+1, p.Amount, PresetCNY[i]*rate)
			}
		}
	}
}

func TestQuote(t *testing.T) {
	s := ruleService(Config{})
	tests := []struct {
		name      string
		product   Product
		preset    int
		custom    int64
		currency  string
		wantQty   int64
		wantFen   int64
		wantMinor int64
		wantErr   error
	}{
		{"coin preset in CNY is the yuan price", ProductCoin, 1, 0, "CNY", 100, 1000, 1000, nil},
		{"coin preset in USD is a seventh, rounded up to the cent", ProductCoin, 1, 0, "USD", 100, 1000, 143, nil},
		{"coins with neither preset nor amount", ProductCoin, 0, 0, "USD", 0, 0, 0, ErrOutOfRange},
		{"largest coin preset in USD", ProductCoin, 5, 0, "USD", 100000, 1000000, 142858, nil},
		{"coins have no custom amount", ProductCoin, 0, 50, "CNY", 0, 0, 0, ErrOutOfRange},
		{"unknown preset is out of range", ProductCoin, 6, 0, "CNY", 0, 0, 0, ErrOutOfRange},
		{"diamond preset", ProductDiamond, 2, 0, "CNY", 200, 20000, 20000, nil},
		{"custom diamonds: one", ProductDiamond, 0, 1, "CNY", 1, 100, 100, nil},
		{"custom diamonds: the maximum 99999", ProductDiamond, 0, 99999, "CNY", 99999, 9999900, 9999900, nil},
		{"custom diamonds: 100000 is out of range", ProductDiamond, 0, 100000, "CNY", 0, 0, 0, ErrOutOfRange},
		{"custom diamonds: zero is out of range", ProductDiamond, 0, 0, "CNY", 0, 0, 0, ErrOutOfRange},
		{"custom diamonds: negative is out of range", ProductDiamond, 0, -5, "CNY", 0, 0, 0, ErrOutOfRange},
		{"custom diamonds in USD", ProductDiamond, 0, 7, "USD", 7, 700, 100, nil},
		{"unknown product", Product("gem"), 1, 0, "CNY", 0, 0, 0, ErrRechargeFailed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := s.Quote(tc.product, tc.preset, tc.custom, tc.currency)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err == nil && (q.Quantity != tc.wantQty || q.CNYFen != tc.wantFen || q.AmountMinor != tc.wantMinor) {
				t.Fatalf("quote = %+v, want qty %d, %d fen, %d minor", q, tc.wantQty, tc.wantFen, tc.wantMinor)
			}
		})
	}
}

func TestPriceInUSDNeverUndercharges(t *testing.T) {
	for fen := int64(1); fen <= 5000; fen++ {
		cents := PriceIn("USD", fen)
		if cents*7 < fen || (cents-1)*7 >= fen {
			t.Fatalf("%d fen -> %d cents: not the smallest amount worth at least the price", fen, cents)
		}
	}
}

func TestCustomDiamondPriceAtAnotherRate(t *testing.T) {
	s := ruleService(Config{DiamondsPerCNY: 2})
	q, err := s.Quote(ProductDiamond, 0, 3, "CNY")
	if err != nil || q.CNYFen != 150 {
		t.Fatalf("3 diamonds at 2 per RMB = %+v, %v; want 150 fen", q, err)
	}
	if s.DiamondCoinValue() != 5 {
		t.Fatalf("a diamond at 2 per RMB is worth %d coins, want 5", s.DiamondCoinValue())
	}
}

func TestWelcomeBonusIsTheSpecValue(t *testing.T) {
	if WelcomeBonusCoins != 200 || postgres.WelcomeBonusCoins != WelcomeBonusCoins {
		t.Fatalf("welcome bonus %d / ledger %d, want 200", WelcomeBonusCoins, postgres.WelcomeBonusCoins)
	}
}

func TestGiftSplit(t *testing.T) {
	tests := []struct {
		pct, total, streamer, platform int64
	}{{50, 100, 50, 50}, {50, 1, 0, 1}, {50, 7, 3, 4}, {70, 520, 364, 156}, {100, 9, 9, 0}}
	for _, tc := range tests {
		s := ruleService(Config{StreamerSharePercent: tc.pct})
		st, pl := s.Split(tc.total)
		if st != tc.streamer || pl != tc.platform {
			t.Errorf("%d%% of %d = %d/%d, want %d/%d", tc.pct, tc.total, st, pl, tc.streamer, tc.platform)
		}
	}
}

func TestPackagePrices(t *testing.T) {
	s := ruleService(Config{})
	want := map[[2]int]int64{
		{1, 1}: 300, {1, 3}: 855, {1, 6}: 1620, {1, 12}: 2880,
		{2, 1}: 600, {2, 3}: 1710, {2, 6}: 3240, {2, 12}: 5760,
	}
	for k, w := range want {
		if got, ok := s.PackagePrice(k[0], k[1]); !ok || got != w {
			t.Errorf("tier %d, %d months = %d (%v), want %d", k[0], k[1], got, ok, w)
		}
	}
	for _, bad := range [][2]int{{1, 2}, {0, 1}, {3, 1}, {1, 0}} {
		if _, ok := s.PackagePrice(bad[0], bad[1]); ok {
			t.Errorf("tier %d, %d months is on sale", bad[0], bad[1])
		}
	}
	if n := len(s.Packages()); n != 8 {
		t.Errorf("%d packages listed, want 8", n)
	}
}

func TestRemainingDaysRoundsUp(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		left time.Duration
		want int
	}{{0, 0}, {-time.Hour, 0}, {time.Second, 1}, {24 * time.Hour, 1}, {24*time.Hour + time.Second, 2}, {9*24*time.Hour + 12*time.Hour, 10}}
	for _, tc := range tests {
		if got := RemainingDays(now.Add(tc.left), now); got != tc.want {
			t.Errorf("RemainingDays(%v) = %d, want %d", tc.left, got, tc.want)
		}
	}
}

func TestUpgradeCost(t *testing.T) {
	tests := []struct {
		vip, svip int64
		days      int
		want      int64
	}{{300, 600, 30, 300}, {300, 600, 10, 100}, {300, 600, 1, 10}, {300, 600, 0, 0}, {250, 600, 1, 12}, {250, 600, 29, 339}}
	for _, tc := range tests {
		s := ruleService(Config{VIPMonthlyCoins: tc.vip, SVIPMonthlyCoins: tc.svip})
		if got := s.UpgradeCost(tc.days); got != tc.want {
			t.Errorf("upgrade %d days (VIP %d, SVIP %d) = %d, want %d", tc.days, tc.vip, tc.svip, got, tc.want)
		}
	}
}

func TestPlanMembership(t *testing.T) {
	s := ruleService(Config{})
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	month := MonthDays * day
	vip10 := postgres.Membership{Tier: TierVIP, ExpiresAt: now.Add(10 * day)}
	svip10 := postgres.Membership{Tier: TierSVIP, ExpiresAt: now.Add(10 * day)}
	expired := postgres.Membership{Tier: TierSVIP, ExpiresAt: now.Add(-day)}
	tests := []struct {
		name        string
		cur         postgres.Membership
		tier, mon   int
		wantAction  string
		wantTier    int
		wantCoins   int64
		wantExpires time.Time
		wantDays    int
		wantErr     error
	}{
		{"first VIP month starts now", postgres.Membership{}, TierVIP, 1, "purchase", TierVIP, 300, now.Add(month), 0, nil},
		{"first SVIP year", postgres.Membership{}, TierSVIP, 12, "purchase", TierSVIP, 5760, now.Add(12 * month), 0, nil},
		{"an expired membership starts again now", expired, TierVIP, 3, "purchase", TierVIP, 855, now.Add(3 * month), 0, nil},
		{"VIP on VIP extends the expiry", vip10, TierVIP, 1, "extend", TierVIP, 300, vip10.ExpiresAt.Add(month), 0, nil},
		{"SVIP on SVIP extends the expiry", svip10, TierSVIP, 6, "extend", TierSVIP, 3240, svip10.ExpiresAt.Add(6 * month), 0, nil},
		{"SVIP on VIP pays the difference for the remaining days, then the months", vip10, TierSVIP, 1, "upgrade", TierSVIP, 100 + 600, vip10.ExpiresAt.Add(month), 10, nil},
		{"upgrade only keeps the expiry", vip10, TierSVIP, 0, "upgrade", TierSVIP, 100, vip10.ExpiresAt, 10, nil},
		{"a part day counts as a day", postgres.Membership{Tier: TierVIP, ExpiresAt: now.Add(9*day + time.Hour)}, TierSVIP, 0, "upgrade", TierSVIP, 100, now.Add(9*day + time.Hour), 10, nil},
		{"VIP while SVIP is in force is refused", svip10, TierVIP, 1, "", 0, 0, time.Time{}, 0, ErrDowngrade},
		{"upgrade only needs VIP in force", postgres.Membership{}, TierSVIP, 0, "", 0, 0, time.Time{}, 0, ErrActivationFailed},
		{"two months is not a package", postgres.Membership{}, TierVIP, 2, "", 0, 0, time.Time{}, 0, ErrActivationFailed},
		{"tier 3 does not exist", postgres.Membership{}, 3, 1, "", 0, 0, time.Time{}, 0, ErrActivationFailed},
		{"VIP zero months is nothing", vip10, TierVIP, 0, "", 0, 0, time.Time{}, 0, ErrActivationFailed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := s.PlanMembership(tc.cur, now, tc.tier, tc.mon)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if p.Action != tc.wantAction || p.Tier != tc.wantTier || p.Coins != tc.wantCoins || !p.ExpiresAt.Equal(tc.wantExpires) || p.UpgradeDays != tc.wantDays {
				t.Fatalf("plan = %+v\nwant %s tier %d, %d coins, expires %v, %d upgrade days", p, tc.wantAction, tc.wantTier, tc.wantCoins, tc.wantExpires, tc.wantDays)
			}
		})
	}
}

func TestEntitlementsByTier(t *testing.T) {
	tests := []struct {
		tier                   int
		badge, memberOnly, pro bool
	}{{TierNone, false, false, false}, {TierVIP, true, true, false}, {TierSVIP, true, true, true}}
	for _, tc := range tests {
		e := Entitlement{Tier: tc.tier}
		if e.Badge() != tc.badge || e.MemberOnly() != tc.memberOnly || e.ProStreams() != tc.pro {
			t.Errorf("tier %d: badge %v memberOnly %v pro %v", tc.tier, e.Badge(), e.MemberOnly(), e.ProStreams())
		}
	}
}

func TestMembershipActiveOnlyBeforeExpiry(t *testing.T) {
	now := time.Now()
	if (postgres.Membership{Tier: 2, ExpiresAt: now}).Active(now) != 0 {
		t.Error("a membership expiring now is still active")
	}
	if (postgres.Membership{Tier: 2, ExpiresAt: now.Add(time.Second)}).Active(now) != 2 {
		t.Error("a membership expiring in a second is not active")
	}
}
