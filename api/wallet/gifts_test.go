package wallet_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"courtside/api/errcode"
	"courtside/api/wallet"
	"courtside/storage/postgres"
)

func TestGiftCatalogueIsSeeded(t *testing.T) {
	e := newEnv(t, wallet.Config{})
	var out struct {
		List []struct {
			ID       int    `json:"id"`
			Name     string `json:"name"`
			Currency string `json:"currency"`
			Price    int64  `json:"price"`
		} `json:"list"`
	}
	e.ok(e.do("GET", "/java/gift", "", 0), &out)
	coins, diamonds := 0, 0
	for _, g := range out.List {
		if g.Price <= 0 || g.Name == "" {
			t.Errorf("gift %+v", g)
		}
		switch g.Currency {
		case "gold":
			coins++
		case "score":
			diamonds++
		}
	}
	if len(out.List) != 12 || coins == 0 || diamonds == 0 {
		t.Fatalf("%d gifts (%d coin, %d diamond), want a dozen in both currencies", len(out.List), coins, diamonds)
	}
}

func TestSendGift(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, wallet.Config{})
	e.welcome(1) // 200 coins
	o := e.createOrder(1, "diamond", 1, 0, "dev", "d")
	e.pay(o) // 10 diamonds
	send := func(gift, count int, key string) (wallet.GiftResult, error) {
		return e.svc.SendGift(ctx, wallet.GiftRequest{From: 1, StreamerID: 2, Room: "room1", GiftID: gift, Count: count, IdempotencyKey: key})
	}
	tests := []struct {
		name      string
		gift      int
		count     int
		key       string
		wantErr   error
		wantTotal int64
		wantBal   int64
		replayed  bool
	}{
		{"coin gift debits the sender", 7, 1, "a", nil, 100, 100, false},
		{"a combo of three", 4, 3, "b", nil, 60, 40, false},
		{"the same key again is not charged", 4, 3, "b", nil, 60, 40, true},
		{"more than the wallet holds", 6, 1, "c", wallet.ErrInsufficientCoins, 0, 0, false},
		{"a diamond gift", 9, 1, "d", nil, 10, 0, false},
		{"no diamonds left", 9, 1, "e", wallet.ErrInsufficientDiamonds, 0, 0, false},
		{"unknown gift", 99, 1, "f", wallet.ErrGiftFailed, 0, 0, false},
		{"zero count", 1, 0, "g", wallet.ErrGiftFailed, 0, 0, false},
		{"over the combo limit", 1, 1000, "h", wallet.ErrGiftFailed, 0, 0, false},
		{"no key", 1, 1, "", wallet.ErrGiftFailed, 0, 0, false},
		{"a used key for another gift", 1, 1, "a", wallet.ErrGiftFailed, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := send(tc.gift, tc.count, tc.key)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if err == nil && (r.Total != tc.wantTotal || r.Balance != tc.wantBal || r.Replayed != tc.replayed) {
				t.Fatalf("result %+v, want total %d, balance %d, replayed %v", r, tc.wantTotal, tc.wantBal, tc.replayed)
			}
		})
	}
	if _, err := e.svc.SendGift(ctx, wallet.GiftRequest{From: 2, StreamerID: 2, Room: "room1", GiftID: 1, Count: 1, IdempotencyKey: "self"}); !errors.Is(err, wallet.ErrGiftFailed) {
		t.Fatalf("a gift to oneself: %v", err)
	}
	b := e.balances(2)
	if b.EarnedCoins != 80 || b.EarnedDiamonds != 5 {
		t.Fatalf("streamer earned %d coins and %d diamonds, want half of 160 and of 10", b.EarnedCoins, b.EarnedDiamonds)
	}
	var e4007 *errcode.Error
	_, err := send(6, 1, "c2")
	if !errors.As(err, &e4007) || e4007.Code != 4007 {
		t.Fatalf("insufficient coins carries %v, want errorCode 4007", err)
	}
	e.verify()

	// Leaderboards: 160 coins + 10 diamonds x 10 = 260 points for user 1.
	var lb struct {
		List []wallet.Rank `json:"list"`
	}
	for _, p := range []string{"day", "week", "all"} {
		e.ok(e.do("GET", "/java/gift/leaderboard/"+p+"?room=room1", "", 0), &lb)
		if len(lb.List) != 1 || lb.List[0].UserID != 1 || lb.List[0].Score != 260 || lb.List[0].Rank != 1 {
			t.Fatalf("%s leaderboard %+v", p, lb.List)
		}
	}
	if r := e.do("GET", "/java/gift/leaderboard/month?room=room1", "", 0); r.Env.ErrorCode != errcode.Format {
		t.Fatalf("unknown period: %s", r.Body)
	}
}

func TestLeaderboardRebuildsFromTheLedger(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, wallet.Config{})
	for u := int64(1); u <= 5; u++ {
		e.welcome(u)
		for i := range int(u) {
			room := fmt.Sprintf("r%d", i%2)
			if _, err := e.svc.SendGift(ctx, wallet.GiftRequest{From: u, StreamerID: 99, Room: room, GiftID: 2, Count: int(u), IdempotencyKey: fmt.Sprintf("%d-%d", u, i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	live := map[string][]wallet.Rank{}
	now := e.now()
	for _, room := range []string{"r0", "r1"} {
		live[room], _ = e.svc.Leaderboard().Top(ctx, room, wallet.PeriodAll, now, 100)
	}
	fresh := wallet.NewMemoryLeaderboard(nil)
	n, err := wallet.RebuildLeaderboard(ctx, e.svc.Store(), fresh, "")
	if err != nil || n != 15 {
		t.Fatalf("rebuilt from %d gifts (%v), want 15", n, err)
	}
	for room, want := range live {
		for _, p := range []wallet.Period{wallet.PeriodAll, wallet.PeriodDay, wallet.PeriodWeek} {
			got, _ := fresh.Top(ctx, room, p, now, 100)
			if fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 {
				t.Fatalf("%s %s rebuilt %v, live %v", room, p, got, want)
			}
		}
	}
	// And through the admin endpoint, after the live state was lost.
	_ = e.svc.Leaderboard().Reset(ctx, "")
	e.ok(e.do("POST", "/java/gift/leaderboard/rebuild", `{"room":"r1"}`, adminID), nil)
	got, _ := e.svc.Leaderboard().Top(ctx, "r1", wallet.PeriodAll, now, 100)
	if fmt.Sprint(got) != fmt.Sprint(live["r1"]) {
		t.Fatalf("after rebuild r1 = %v, want %v", got, live["r1"])
	}
	if got, _ := e.svc.Leaderboard().Top(ctx, "r0", wallet.PeriodAll, now, 100); len(got) != 0 {
		t.Fatalf("rebuilding r1 filled r0: %v", got)
	}
}

func TestStreamerEarningsAndPlatformShareBalance(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, wallet.Config{StreamerSharePercent: 70})
	e.welcome(1)
	if _, err := e.svc.SendGift(ctx, wallet.GiftRequest{From: 1, StreamerID: 2, Room: "r", GiftID: 3, Count: 7, IdempotencyKey: "k"}); err != nil {
		t.Fatal(err)
	}
	platform, _ := e.svc.Store().Ledger().Balance(ctx, postgres.SystemAccount(postgres.KindPlatform, postgres.Coin))
	if b := e.balances(2); b.EarnedCoins != 49 || platform != 21 {
		t.Fatalf("streamer %d, platform %d; want 70%% and 30%% of 70", b.EarnedCoins, platform)
	}
}
