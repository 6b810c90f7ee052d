package wallet

import (
	"context"
	"errors"
	"fmt"
	"time"

	"courtside/storage/postgres"
)

// PayLiveUnlock charges a viewer for a paid live room, split with the streamer like a gift,
// exactly once per key (a repeated key succeeds again without charging).
func (s *Service) PayLiveUnlock(ctx context.Context, viewer, streamer int64, room string, price int64, key string) error {
	if price <= 0 || viewer == streamer {
		return ErrGiftFailed.Wrap(fmt.Errorf("wallet: unlock price %d by %d for %d", price, viewer, streamer))
	}
	share, _ := s.Split(price)
	_, err := s.store.PayUnlock(ctx, viewer, streamer, room, price, share, key, s.cfg.Now())
	if errors.Is(err, postgres.ErrInsufficientFunds) {
		return ErrInsufficientCoins.Wrap(err)
	}
	return err
}

// GiftIncomeLine is one gift a streamer received, with the streamer's share of it.
type GiftIncomeLine struct {
	At       time.Time
	Sender   int64
	Gift     string
	Count    int
	Currency string // "coin" or "diamond"
	Share    int64
}

// GiftIncome lists a streamer's gift income since a time, newest first.
func (s *Service) GiftIncome(ctx context.Context, streamer int64, since time.Time) ([]GiftIncomeLine, error) {
	rows, err := s.store.GiftIncome(ctx, streamer, since)
	if err != nil {
		return nil, err
	}
	out := make([]GiftIncomeLine, len(rows))
	for i, r := range rows {
		share, _ := s.Split(r.Total)
		cur := "coin"
		if r.Currency == postgres.Diamond {
			cur = "diamond"
		}
		out[i] = GiftIncomeLine{At: r.At, Sender: r.Sender, Gift: r.GiftName, Count: r.Count, Currency: cur, Share: share}
	}
	return out, nil
}
