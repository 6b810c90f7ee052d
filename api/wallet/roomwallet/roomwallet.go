package roomwallet

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"courtside/actors/protocol"
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

// SendGift implements room.Wallet. The room's key (room, sender and the command's nonce) is the
// wallet's idempotency key, so a retried command is charged once.
func (a *Adapter) SendGift(ctx context.Context, o room.GiftOrder) (room.GiftReceipt, error) {
	from, err1 := protocol.ParseUserID(o.From)
	streamer, err2 := protocol.ParseUserID(o.Streamer)
	gift, err := strconv.Atoi(o.Gift)
	if err1 != nil || err2 != nil || err != nil {
		return room.GiftReceipt{}, fmt.Errorf("%w: gift %q from %q to %q", room.ErrUnknownGift, o.Gift, o.From, o.Streamer)
	}
	r, err := a.w.SendGift(ctx, wallet.GiftRequest{From: int64(from), StreamerID: int64(streamer), Room: o.Room, GiftID: gift, Count: o.Count, IdempotencyKey: o.Key})
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
