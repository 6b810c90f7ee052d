package room

import (
	"context"
	"errors"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
)

// Wallet moves the coins or diamonds of a gift from the sender to the streamer, exactly once per
// Key whatever the retries. SendGift runs off the actor.
type Wallet interface {
	SendGift(ctx context.Context, o GiftOrder) (GiftReceipt, error)
}

// GiftOrder is one gift to pay for.
type GiftOrder struct {
	From     string // sender user id ("u<n>")
	Streamer string // receiving streamer's user id
	Room     string
	Gift     string // catalogue id
	Count    int
	Key      string // idempotency key: the same key never pays twice
}

// GiftReceipt describes a paid gift.
type GiftReceipt struct {
	Name string // display name of the gift
}

// Errors a Wallet returns that the sender can act on.
var (
	ErrInsufficientCoins    = errors.New("room: insufficient coins")
	ErrInsufficientDiamonds = errors.New("room: insufficient diamonds")
	ErrUnknownGift          = errors.New("room: unknown gift")
)

// giftPaid brings a wallet answer back to the room.
type giftPaid struct {
	cmd     *Command
	key     string
	receipt GiftReceipt
	err     error
}

// recentGifts remembers the seq of recently broadcast gifts by key, so a client retrying a gift
// whose ack it lost gets the same ack instead of a second broadcast.
const recentGifts = 4096

func (a *Actor) onGift(ctx actor.Context, c *Command) {
	m, u := c.Msg, c.User
	switch {
	case u.Guest:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeLoginRequired})
		return
	case a.cfg.Wallet == nil:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeGiftFailed})
		return
	case a.state.StreamerID == "":
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeRoomNotFound})
		return
	case !a.state.Open:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeRoomClosed})
		return
	}
	key := "gift:" + a.id + ":" + u.ID + ":" + m.Nonce
	if seq, ok := a.giftSeqs[key]; ok {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Seq: seq})
		return
	}
	order := GiftOrder{From: u.ID, Streamer: a.state.StreamerID, Room: a.id, Gift: m.Gift, Count: m.Count, Key: key}
	wallet, self, sys := a.cfg.Wallet, a.self, ctx.ActorSystem()
	go func() {
		c2, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := wallet.SendGift(c2, order)
		sys.Root.Send(self, &giftPaid{cmd: c, key: key, receipt: r, err: err})
	}()
}

func (a *Actor) onGiftPaid(ctx actor.Context, g *giftPaid) {
	c := g.cmd
	if g.err != nil {
		code := protocol.CodeGiftFailed
		switch {
		case errors.Is(g.err, ErrInsufficientCoins):
			code = protocol.CodeNoCoins
		case errors.Is(g.err, ErrInsufficientDiamonds):
			code = protocol.CodeNoDiamonds
		case errors.Is(g.err, ErrUnknownGift):
			code = protocol.CodeBadMessage
		default:
			a.cfg.Log.Error("gift payment failed", zap.String("room", a.id), zap.Error(g.err))
		}
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: code})
		return
	}
	if seq, ok := a.giftSeqs[g.key]; ok { // a concurrent retry got here first
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Seq: seq})
		return
	}
	seq := a.nextSeq
	if a.accept(ctx, protocol.Event{
		K: protocol.KGift, UID: c.User.ID, Name: c.User.Name, Lvl: c.User.Level,
		Gift: c.Msg.Gift, Count: c.Msg.Count, Text: g.receipt.Name,
	}, c.ReplyTo, c.Msg.Nonce) {
		a.rememberGift(g.key, seq)
	}
}

func (a *Actor) rememberGift(key string, seq uint64) {
	if a.giftSeqs == nil {
		a.giftSeqs = make(map[string]uint64)
	}
	if len(a.giftOrder) >= recentGifts {
		delete(a.giftSeqs, a.giftOrder[0])
		a.giftOrder = a.giftOrder[1:]
	}
	a.giftSeqs[key] = seq
	a.giftOrder = append(a.giftOrder, key)
}
