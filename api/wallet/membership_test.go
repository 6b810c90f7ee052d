package wallet_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"courtside/api/errcode"
	"courtside/api/wallet"
)

type planOut struct {
	Action      string `json:"action"`
	Tier        int    `json:"tier"`
	Months      int    `json:"months"`
	UpgradeDays int    `json:"upgradeDays"`
	Coins       int64  `json:"coins"`
	ExpiresAt   int64  `json:"expiresAt"`
	Replayed    bool   `json:"replayed"`
	Gold        int64  `json:"gold"`
}

func TestMembershipPurchaseUpgradeAndRecords(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	e := newEnv(t, wallet.Config{Now: func() time.Time { return now }})
	e.welcome(1)
	e.pay(e.createOrder(1, "coin", 2, 0, "dev", "r")) // 2200 coins in all
	month := 30 * 24 * time.Hour

	var q planOut
	e.ok(e.do("GET", "/java/orderpay/getVipAmount?tier=1&months=1", "", 1), &q)
	if q.Action != "purchase" || q.Coins != 300 {
		t.Fatalf("quote %+v", q)
	}
	var p planOut
	e.ok(e.do("POST", "/java/orderpay/vip/pay", `{"tier":1,"months":1,"clientKey":"a"}`, 1), &p)
	if p.Action != "purchase" || p.Gold != 1900 || p.ExpiresAt != now.Add(month).UnixMilli() || p.Replayed {
		t.Fatalf("purchase %+v", p)
	}
	e.ok(e.do("POST", "/java/orderpay/vip/pay", `{"tier":1,"months":1,"clientKey":"a"}`, 1), &p)
	if !p.Replayed || p.Gold != 1900 {
		t.Fatalf("retry of the purchase %+v: charged again?", p)
	}
	tier, exp, err := e.svc.Entitlements(context.Background(), 1)
	if err != nil || tier != wallet.TierVIP || !exp.Equal(now.Add(month)) {
		t.Fatalf("entitlements %d %v %v", tier, exp, err)
	}

	now = now.Add(10 * 24 * time.Hour) // 20 days of VIP left
	e.ok(e.do("GET", "/java/orderpay/getVipAmount?tier=2&months=0", "", 1), &q)
	if q.Action != "upgrade" || q.UpgradeDays != 20 || q.Coins != 200 {
		t.Fatalf("upgrade quote %+v, want 20 days for 200 coins", q)
	}
	e.ok(e.do("POST", "/java/orderpay/vip/pay", `{"tier":2,"months":0,"clientKey":"b"}`, 1), &p)
	if p.Action != "upgrade" || p.Gold != 1700 || p.Tier != 2 || p.ExpiresAt != now.Add(20*24*time.Hour).UnixMilli() {
		t.Fatalf("upgrade %+v", p)
	}
	if tier, _, _ := e.svc.Entitlements(context.Background(), 1); tier != wallet.TierSVIP {
		t.Fatalf("tier after upgrade %d", tier)
	}
	r := e.do("POST", "/java/orderpay/vip/pay", `{"tier":1,"months":1,"clientKey":"c"}`, 1)
	if r.Env.ErrorCode != errcode.Downgrade {
		t.Fatalf("VIP on SVIP: %s", r.Body)
	}
	e.ok(e.do("POST", "/java/orderpay/vip/pay", `{"tier":2,"months":1,"clientKey":"d"}`, 1), &p)
	if p.Action != "extend" || p.Gold != 1100 || p.ExpiresAt != now.Add(20*24*time.Hour+month).UnixMilli() {
		t.Fatalf("extend %+v", p)
	}

	var recs struct {
		List  []planOut `json:"list"`
		Total int       `json:"total"`
	}
	e.ok(e.do("GET", "/java/user/getVipOpenRecord?pageSize=2", "", 1), &recs)
	if recs.Total != 3 || len(recs.List) != 2 || recs.List[0].Action != "extend" || recs.List[1].Action != "upgrade" {
		t.Fatalf("records %+v", recs)
	}
	var gold struct {
		Gold      int64 `json:"gold"`
		VipLevel  int   `json:"vipLevel"`
		VipExpire int64 `json:"vipExpire"`
	}
	e.ok(e.do("GET", "/java/user/userGold", "", 1), &gold)
	if gold.Gold != 1100 || gold.VipLevel != 2 || gold.VipExpire != p.ExpiresAt {
		t.Fatalf("userGold %+v", gold)
	}

	now = now.Add(51 * 24 * time.Hour) // past the expiry
	if tier, _, _ := e.svc.Entitlements(context.Background(), 1); tier != wallet.TierNone {
		t.Fatalf("tier after expiry %d", tier)
	}
	e.verify()
}

func TestMembershipWithoutEnoughCoinsChangesNothing(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	e.welcome(3)
	r := e.do("POST", "/java/orderpay/vip/pay", `{"tier":2,"months":12,"clientKey":"a"}`, 3)
	if r.Env.ErrorCode != errcode.InsufficientCoins || r.Env.ErrorMsg != "Insufficient gold coins" {
		t.Fatalf("%s", r.Body)
	}
	if tier, _, _ := e.svc.Entitlements(context.Background(), 3); tier != 0 || e.balances(3).Coins != 200 {
		t.Fatal("a refused purchase changed something")
	}
	for _, body := range []string{`{"tier":3,"months":1,"clientKey":"b"}`, `{"tier":1,"months":2,"clientKey":"c"}`, `{"tier":1,"months":1}`} {
		if r := e.do("POST", "/java/orderpay/vip/pay", body, 3); r.Env.ErrorCode != errcode.ActivationFailed || r.Env.ErrorMsg != "Activation failed" {
			t.Fatalf("%s: %s", body, r.Body)
		}
	}
}

func TestConcurrentPurchasesEachExtendOnce(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	e := newEnv(t, wallet.Config{Now: func() time.Time { return now }})
	e.welcome(4)
	e.pay(e.createOrder(4, "coin", 2, 0, "dev", "r")) // 2200 coins: 7 months of VIP
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, _ = e.svc.BuyMembership(context.Background(), 4, wallet.TierVIP, 1, fmt.Sprintf("k%d", i%10)) // two retried keys
		}()
	}
	wg.Wait()
	_, exp, _ := e.svc.Entitlements(context.Background(), 4)
	if b := e.balances(4); b.Coins != 100 || !exp.Equal(now.Add(7*30*24*time.Hour)) {
		t.Fatalf("coins %d, expiry %v; want 100 left and exactly 7 months", b.Coins, exp.Sub(now))
	}
	e.verify()
}
