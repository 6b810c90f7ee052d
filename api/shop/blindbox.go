package shop

import (
	"crypto/rand"
	"errors"
	"math/big"

	"courtside/storage/postgres"
)

// Draw picks one prize among prizes with probability weight / total, from crypto/rand: roll is
// uniform in [0, total) and the prize is the first whose cumulative weight exceeds it (prizes in
// their published order), so anyone holding a draw's recorded odds and roll can recompute its prize.
func Draw(prizes []postgres.ShopPrize) (index int, roll, total int64, err error) {
	for _, z := range prizes {
		if z.Weight <= 0 {
			return 0, 0, 0, errors.New("shop: a prize without a positive weight")
		}
		total += int64(z.Weight)
	}
	if total == 0 {
		return 0, 0, 0, postgres.ErrShopNoPrizes
	}
	r, err := rand.Int(rand.Reader, big.NewInt(total))
	if err != nil {
		return 0, 0, 0, err
	}
	roll = r.Int64()
	return PrizeOf(prizes, roll), roll, total, nil
}

// PrizeOf is the index of the prize a roll gives: the audit's recomputation of a recorded draw.
func PrizeOf(prizes []postgres.ShopPrize, roll int64) int {
	var acc int64
	for i, z := range prizes {
		acc += int64(z.Weight)
		if roll < acc {
			return i
		}
	}
	return len(prizes) - 1
}
