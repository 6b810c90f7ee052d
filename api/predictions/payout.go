package predictions

import (
	"math/bits"
	"sort"

	"courtside/storage/postgres"
)

// Split is the pari-mutuel payout: the winners (entries on outcome winner) share the whole pool in
// proportion to their stakes, each rounded down; the points rounding leaves (fewer than the number
// of winners) go one each to the winners with the biggest stakes, the earliest entry first on a tie,
// so the pool is paid out whole. With nobody on the winning outcome every stake is refunded.
// The result has one amount per entry, in the order given.
func Split(entries []postgres.PredictionEntry, winner int) []int64 {
	out := make([]int64, len(entries))
	var pool, won int64
	var winners []int
	for i, e := range entries {
		pool += e.Stake
		if e.Outcome == winner {
			won += e.Stake
			winners = append(winners, i)
		}
	}
	if won == 0 {
		for i, e := range entries {
			out[i] = e.Stake
		}
		return out
	}
	paid := int64(0)
	for _, i := range winners {
		// stake × pool / won without overflow for any realistic pool (points are bounded by earnings)
		out[i] = mulDiv(entries[i].Stake, pool, won)
		paid += out[i]
	}
	sort.SliceStable(winners, func(a, b int) bool {
		ea, eb := entries[winners[a]], entries[winners[b]]
		if ea.Stake != eb.Stake {
			return ea.Stake > eb.Stake
		}
		return ea.EnteredAt.Before(eb.EnteredAt)
	})
	for k := 0; paid < pool; k++ {
		out[winners[k%len(winners)]]++
		paid++
	}
	return out
}

// mulDiv is a×b/c rounded down, for non-negative values, exact while a×b fits in 128 bits.
func mulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi >= uint64(c) { // cannot happen for payouts (stake ≤ won ≤ pool): saturate rather than panic
		return 1<<63 - 1
	}
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int64(q)
}
