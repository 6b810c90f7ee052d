package predictions

import (
	"testing"
	"time"

	"courtside/storage/postgres"
)

func entries(stakes ...[2]int64) []postgres.PredictionEntry {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	out := make([]postgres.PredictionEntry, len(stakes))
	for i, s := range stakes {
		out[i] = postgres.PredictionEntry{UserID: int64(i + 1), Outcome: int(s[0]), Stake: s[1], EnteredAt: t0.Add(time.Duration(i) * time.Second)}
	}
	return out
}

func TestSplitPaysWinnersInProportionToStakes(t *testing.T) {
	tests := []struct {
		name    string
		entries []postgres.PredictionEntry
		winner  int
		want    []int64
	}{
		{"proportional", entries([2]int64{0, 100}, [2]int64{0, 50}, [2]int64{1, 30}), 0, []int64{120, 60, 0}},
		{"one winner takes the pool", entries([2]int64{0, 10}, [2]int64{1, 90}), 0, []int64{100, 0}},
		// pool 4, won 3: one each rounded down, the point left to the biggest stake, earliest first
		{"remainder to the earliest of the biggest stakes", entries([2]int64{0, 1}, [2]int64{0, 1}, [2]int64{0, 1}, [2]int64{1, 1}), 0, []int64{2, 1, 1, 0}},
		{"remainder to the biggest stake", entries([2]int64{0, 1}, [2]int64{0, 2}, [2]int64{1, 4}), 0, []int64{2, 5, 0}},
		{"nobody on the winner: refunds", entries([2]int64{0, 7}, [2]int64{1, 9}), 2, []int64{7, 9}},
		{"everyone on the winner: stakes back", entries([2]int64{1, 7}, [2]int64{1, 9}), 1, []int64{7, 9}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Split(tc.entries, tc.winner)
			var sum, pool int64
			for i := range got {
				sum += got[i]
				pool += tc.entries[i].Stake
				if got[i] != tc.want[i] {
					t.Fatalf("payouts %v, want %v", got, tc.want)
				}
			}
			if sum != pool {
				t.Fatalf("paid %d of a pool of %d", sum, pool)
			}
		})
	}
}

func TestSplitNeverLosesAPoint(t *testing.T) {
	for n := 1; n < 40; n++ {
		var es [][2]int64
		for i := 0; i < n; i++ {
			es = append(es, [2]int64{int64(i % 3), int64(i*7%13 + 1)})
		}
		e := entries(es...)
		got := Split(e, 0)
		var sum, pool int64
		for i := range got {
			sum += got[i]
			pool += e[i].Stake
			if e[i].Outcome != 0 && got[i] != 0 {
				t.Fatalf("n=%d: a loser was paid", n)
			}
		}
		if sum != pool {
			t.Fatalf("n=%d: paid %d of %d", n, sum, pool)
		}
	}
}

func TestOffersFitTheGame(t *testing.T) {
	soccer := Offers(Match{Game: 202})
	if len(soccer) != 3 || soccer[0].Market != MarketWinner || len(soccer[0].Outcomes) != 3 || soccer[2].Market != MarketNextGoal {
		t.Fatalf("soccer offers %+v", soccer)
	}
	lol := Offers(Match{Game: 1})
	var markets []string
	for _, o := range lol {
		markets = append(markets, o.Market)
	}
	want := map[string]bool{MarketWinner: true, MarketTotal: true, MarketFirstBlood: true, MarketMapWinner: true}
	for _, m := range markets {
		delete(want, m)
	}
	if len(want) != 0 || len(lol[0].Outcomes) != 2 {
		t.Fatalf("LoL offers %v", markets)
	}
	if o := Offers(Match{Game: 202, Status: 5}); o != nil {
		t.Fatalf("a finished match offers %v", o)
	}
}

func TestSplitTheUserDocsExample(t *testing.T) {
	// docs/user/predictions.md: 400 staked, 300 on the winner, Ana 200 and Bo 100.
	got := Split(entries([2]int64{0, 200}, [2]int64{0, 100}, [2]int64{1, 100}), 0)
	if got[0] != 267 || got[1] != 133 || got[2] != 0 {
		t.Fatalf("payouts %v, want [267 133 0]", got)
	}
}

func TestDecideEventReadsTheFirstDecidingEvent(t *testing.T) {
	tests := []struct {
		name, market, body string
		baseH, baseA       int
		code               string
		clear              bool
	}{
		{"home goal", MarketNextGoal, `{"k":"score","score":{"h":2,"a":1}}`, 1, 1, OutHome, true},
		{"away goal", MarketNextGoal, `{"k":"score","score":{"h":1,"a":2}}`, 1, 1, OutAway, true},
		{"a correction down decides nothing", MarketNextGoal, `{"k":"score","score":{"h":0,"a":1}}`, 1, 1, "", true},
		{"both sides at once is unclear", MarketNextGoal, `{"k":"score","score":{"h":2,"a":2}}`, 1, 1, "", false},
		{"first blood away", MarketFirstBlood, `{"k":"incident","incident":{"type":"firstBlood","team":1}}`, 0, 0, OutAway, true},
		{"another incident", MarketFirstBlood, `{"k":"incident","incident":{"type":"firstTower","team":0}}`, 0, 0, "", true},
		{"map won by home", MarketMapWinner, `{"k":"incident","incident":{"type":"mapWin","team":0,"period":2}}`, 0, 0, OutHome, true},
		{"a map win without a team", MarketMapWinner, `{"k":"incident","incident":{"type":"mapWin","team":-1}}`, 0, 0, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, clear := decideEvent(tc.market, tc.baseH, tc.baseA, "", []byte(tc.body))
			if code != tc.code || clear != tc.clear {
				t.Fatalf("got %q %v, want %q %v", code, clear, tc.code, tc.clear)
			}
		})
	}
}
