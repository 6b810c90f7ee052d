package shop_test

import (
	"math"
	"testing"

	"courtside/api/shop"
	"courtside/storage/postgres"
)

var odds = []postgres.ShopPrize{
	{ID: 1, Name: "50 coins", Weight: 40},
	{ID: 2, Name: "100 coins", Weight: 25},
	{ID: 3, Name: "VIP day", Weight: 25},
	{ID: 4, Name: "300 coins", Weight: 8},
	{ID: 5, Name: "1000 coins", Weight: 2},
}

// TestDrawDistributionMatchesTheOdds draws 100,000 boxes from the cryptographic source and checks
// the observed counts against the published odds with Pearson's chi-square test: with 4 degrees of
// freedom the statistic exceeds 18.47 with probability 0.001, so an honest draw fails this test once
// in a thousand runs, and a draw that favours one prize by a few percent fails it every time.
func TestDrawDistributionMatchesTheOdds(t *testing.T) {
	const n = 100_000
	counts := make([]int, len(odds))
	for range n {
		i, roll, total, err := shop.Draw(odds)
		if err != nil {
			t.Fatal(err)
		}
		if total != 100 || roll < 0 || roll >= total || shop.PrizeOf(odds, roll) != i {
			t.Fatalf("draw %d roll %d total %d", i, roll, total)
		}
		counts[i]++
	}
	chi := chiSquare(counts, odds, n)
	t.Logf("counts %v chi-square %.2f", counts, chi)
	if chi > 18.47 {
		t.Fatalf("chi-square %.2f > 18.47 (df 4, p 0.001): counts %v do not follow the odds", chi, counts)
	}
	// The test can fail: a draw that ignores the rarest prize is caught.
	biased := append([]int(nil), counts...)
	biased[0] += biased[4]
	biased[4] = 0
	if chiSquare(biased, odds, n) <= 18.47 {
		t.Fatal("the chi-square test does not catch a draw that never gives the rarest prize")
	}
}

func chiSquare(counts []int, prizes []postgres.ShopPrize, n int) float64 {
	total := 0
	for _, z := range prizes {
		total += z.Weight
	}
	chi := 0.0
	for i, z := range prizes {
		exp := float64(n) * float64(z.Weight) / float64(total)
		chi += math.Pow(float64(counts[i])-exp, 2) / exp
	}
	return chi
}

func TestPrizeOfIsTheCumulativeWeight(t *testing.T) {
	for roll, want := range map[int64]int{0: 0, 39: 0, 40: 1, 64: 1, 65: 2, 89: 2, 90: 3, 97: 3, 98: 4, 99: 4} {
		if got := shop.PrizeOf(odds, roll); got != want {
			t.Errorf("roll %d gives prize %d, want %d", roll, got, want)
		}
	}
	if got := shop.Odds(odds); got[0] != 40 || got[4] != 2 {
		t.Errorf("published odds %v", got)
	}
}

// TestBlindBoxDrawChargeAndGrantHappenOnce pays a three-box order: three draws recorded with the odds
// in force, the price charged and the coin prizes credited in the same transaction; paying again
// replays the same draws and moves nothing.
func TestBlindBoxDrawChargeAndGrantHappenOnce(t *testing.T) {
	e := newEnv(t)
	box := e.product(postgres.ShopProduct{Kind: shop.KindBlindBox, Name: "Mystery", Price: 100, Stock: 50, Prizes: []postgres.ShopPrize{
		{Name: "10 coins", Weight: 1, Coins: 10}, {Name: "500 coins", Weight: 1, Coins: 500}, {Name: "VIP day", Weight: 1, ItemKind: shop.ItemVIPDays, ItemValue: 1},
	}})
	e.fund(1, 1000)
	o, err := e.svc.CreateOrder(ctx, 1, shop.OrderRequest{ProductID: box.ID, Quantity: 3, Key: "box"})
	if err != nil {
		t.Fatal(err)
	}
	paid, err := e.svc.PayOrder(ctx, 1, o.No, "")
	if err != nil {
		t.Fatal(err)
	}
	if paid.Order.Status != shop.StatusExchanged || len(paid.Draws) != 3 {
		t.Fatalf("paid %+v", paid)
	}
	won := int64(0)
	vip := 0
	for i, d := range paid.Draws {
		if d.Seq != i+1 || len(d.Odds) != 3 || d.TotalWeight != 3 || shop.PrizeOf(d.Odds, d.Roll) < 0 || d.Odds[shop.PrizeOf(d.Odds, d.Roll)].ID != d.PrizeID {
			t.Fatalf("draw %+v does not recompute from its odds and roll", d)
		}
		won += d.Coins
		if d.PrizeName == "VIP day" {
			vip++
		}
	}
	if b := e.balance(1); b != 1000-300+won {
		t.Fatalf("balance %d, want %d", b, 1000-300+won)
	}
	if len(e.items.got) != vip {
		t.Fatalf("items %v for %d VIP prizes", e.items.got, vip)
	}
	again, err := e.svc.PayOrder(ctx, 1, o.No, "")
	if err != nil || !again.Replayed || len(again.Draws) != 3 || again.Draws[0].ID != paid.Draws[0].ID {
		t.Fatalf("replay %+v %v", again, err)
	}
	if b := e.balance(1); b != 1000-300+won {
		t.Fatal("a replay moved coins")
	}
	ds, total, err := e.svc.Draws(ctx, 1, 10, 0)
	if err != nil || total != 3 || len(ds) != 3 || ds[0].BoxName != "Mystery" {
		t.Fatalf("draw records %+v %d %v", ds, total, err)
	}
	// New odds do not change recorded draws.
	box.Prizes = []postgres.ShopPrize{{Name: "1 coin", Weight: 5, Coins: 1}}
	if _, err := e.svc.SaveProduct(ctx, shop.Actor{ID: 900}, box); err != nil {
		t.Fatal(err)
	}
	ds, _, _ = e.svc.Draws(ctx, 1, 10, 0)
	if len(ds[0].Odds) != 3 {
		t.Fatal("a recorded draw lost the odds it was drawn with")
	}
	e.verifyLedger()
}
