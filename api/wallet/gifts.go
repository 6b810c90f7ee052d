package wallet

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"courtside/storage/postgres"
)

// giftCacheTTL bounds how stale the in-process copy of the catalogue may be.
const giftCacheTTL = time.Minute

// GiftRequest is one gift send from the room actor. IdempotencyKey identifies the send across
// retries (the room actor uses the sender's id and the command's nonce): the same key is charged once.
type GiftRequest struct {
	From           int64
	StreamerID     int64
	Room           string
	GiftID         int
	Count          int
	IdempotencyKey string
}

// GiftResult is what a send did; a replay returns the first send's figures with Replayed set.
type GiftResult struct {
	TxnID    int64
	Gift     postgres.Gift
	Count    int
	Total    int64 // paid by the sender, in Gift.Currency
	Streamer int64 // credited to the streamer's earnings
	Platform int64 // the platform's share
	Balance  int64 // the sender's balance in Gift.Currency right after the send
	Score    int64 // leaderboard points (coin value)
	Replayed bool
	At       time.Time
}

// Catalogue returns the active gifts in display order.
func (s *Service) Catalogue(ctx context.Context) ([]postgres.Gift, error) {
	if err := s.loadGifts(ctx, false); err != nil {
		return nil, err
	}
	s.giftsMu.RLock()
	out := make([]postgres.Gift, 0, len(s.gifts))
	for _, g := range s.gifts {
		out = append(out, g)
	}
	s.giftsMu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Sort != out[j].Sort {
			return out[i].Sort < out[j].Sort
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

func (s *Service) loadGifts(ctx context.Context, force bool) error {
	s.giftsMu.RLock()
	fresh := s.gifts != nil && s.cfg.Now().Sub(s.giftsAt) < giftCacheTTL
	s.giftsMu.RUnlock()
	if fresh && !force {
		return nil
	}
	list, err := s.store.Gifts(ctx)
	if err != nil {
		return err
	}
	m := make(map[int]postgres.Gift, len(list))
	for _, g := range list {
		m[g.ID] = g
	}
	s.giftsMu.Lock()
	s.gifts, s.giftsAt = m, s.cfg.Now()
	s.giftsMu.Unlock()
	return nil
}

func (s *Service) gift(ctx context.Context, id int) (postgres.Gift, bool, error) {
	if err := s.loadGifts(ctx, false); err != nil {
		return postgres.Gift{}, false, err
	}
	s.giftsMu.RLock()
	g, ok := s.gifts[id]
	s.giftsMu.RUnlock()
	return g, ok, nil
}

// Split is how a gift's price is shared: the streamer gets StreamerSharePercent (rounded down),
// the platform the rest.
func (s *Service) Split(total int64) (streamer, platform int64) {
	streamer = total * s.cfg.StreamerSharePercent / 100
	return streamer, total - streamer
}

// SendGift debits the sender, credits the streamer's earnings and the platform's share in one
// ledger transaction, records the send and adds it to the room's leaderboards. Errors:
// ErrInsufficientCoins, ErrInsufficientDiamonds (nothing moved), ErrGiftFailed (bad request);
// anything else is a server error. Safe for concurrent use; the room actor should call it off its
// mailbox goroutine (it waits on Postgres).
func (s *Service) SendGift(ctx context.Context, req GiftRequest) (GiftResult, error) {
	if req.IdempotencyKey == "" || req.From <= 0 || req.StreamerID <= 0 || req.From == req.StreamerID ||
		req.Room == "" || req.Count < 1 || req.Count > s.cfg.MaxGiftCount {
		return GiftResult{}, ErrGiftFailed
	}
	g, ok, err := s.gift(ctx, req.GiftID)
	if err != nil {
		return GiftResult{}, err
	}
	if !ok {
		return GiftResult{}, ErrGiftFailed
	}
	total := g.Price * int64(req.Count)
	streamer, platform := s.Split(total)
	score := total
	if g.Currency == postgres.Diamond {
		score = total * s.DiamondCoinValue()
	}
	posted, err := s.store.SendGift(ctx, postgres.GiftSend{
		Key: "gift:" + req.IdempotencyKey, Room: req.Room, Sender: req.From, Streamer: req.StreamerID,
		GiftID: g.ID, Count: req.Count, Currency: g.Currency, Total: total, StreamerShare: streamer, Score: score,
		At: s.cfg.Now(),
	})
	switch {
	case errors.Is(err, postgres.ErrInsufficientFunds) && g.Currency == postgres.Diamond:
		return GiftResult{}, ErrInsufficientDiamonds.Wrap(err)
	case errors.Is(err, postgres.ErrInsufficientFunds):
		return GiftResult{}, ErrInsufficientCoins.Wrap(err)
	case errors.Is(err, postgres.ErrIdempotencyConflict):
		return GiftResult{}, ErrGiftFailed.Wrap(err)
	case err != nil:
		return GiftResult{}, fmt.Errorf("wallet: send gift: %w", err)
	}
	res := GiftResult{TxnID: posted.TxnID, Gift: g, Count: req.Count, Total: total, Streamer: streamer,
		Platform: platform, Score: score, Replayed: posted.Replayed, At: posted.At}
	res.Balance, _ = posted.BalanceAfter(postgres.UserWallet(req.From, g.Currency))
	if !posted.Replayed {
		// After the commit: a crash here loses only leaderboard points, which RebuildLeaderboard restores.
		if err := s.lb.Add(ctx, req.Room, req.From, score, posted.At); err != nil {
			s.log.Warn("wallet: leaderboard add failed; rebuild restores it")
		}
	}
	return res, nil
}
