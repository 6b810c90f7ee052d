package roomwallet

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"courtside/actors/room"
	"courtside/api/wallet"
)

// Sender is the part of wallet.Service the adapter uses.
type Sender interface {
	SendGift(ctx context.Context, req wallet.GiftRequest) (wallet.GiftResult, error)
}

// Adapter implements room.Wallet.
type Adapter struct {
	w Sender
}

var _ room.Wallet = (*Adapter)(nil)

// New returns the adapter over w (a *wallet.Service).
func New(w Sender) *Adapter { return &Adapter{w: w} }

// UserID reads an account id of the room's form, "u<number>" (a bare number is accepted too).
func UserID(s string) (int64, bool) {
	n, err := strconv.ParseInt(strings.TrimPrefix(s, "u"), 10, 64)
	return n, err == nil && n > 0
}

// SendGift implements room.Wallet. The room's key (room, sender and the command's nonce) is the
// wallet's idempotency key, so a retried command is charged once.
func (a *Adapter) SendGift(ctx context.Context, o room.GiftOrder) (room.GiftReceipt, error) {
	from, ok1 := UserID(o.From)
	streamer, ok2 := UserID(o.Streamer)
	gift, err := strconv.Atoi(o.Gift)
	if !ok1 || !ok2 || err != nil {
		return room.GiftReceipt{}, fmt.Errorf("%w: gift %q from %q to %q", room.ErrUnknownGift, o.Gift, o.From, o.Streamer)
	}
	r, err := a.w.SendGift(ctx, wallet.GiftRequest{From: from, StreamerID: streamer, Room: o.Room, GiftID: gift, Count: o.Count, IdempotencyKey: o.Key})
	switch {
	case errors.Is(err, wallet.ErrInsufficientCoins):
		return room.GiftReceipt{}, fmt.Errorf("%w: %v", room.ErrInsufficientCoins, err)
	case errors.Is(err, wallet.ErrInsufficientDiamonds):
		return room.GiftReceipt{}, fmt.Errorf("%w: %v", room.ErrInsufficientDiamonds, err)
	case errors.Is(err, wallet.ErrGiftFailed):
		return room.GiftReceipt{}, fmt.Errorf("%w: %v", room.ErrUnknownGift, err)
	case err != nil:
		return room.GiftReceipt{}, err
	}
	return room.GiftReceipt{Name: r.Gift.Name}, nil
}
