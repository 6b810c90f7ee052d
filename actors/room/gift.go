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

// GiftKeys remembers, beyond the actor's life, which event seq a paid gift became, by the gift's
// idempotency key. A room re-activated with empty memory (after its node restarted, or in a cluster
// on another node after its node died) would otherwise broadcast and store a retried gift a second
// time under a new seq; the wallet still pays it once (its ledger is idempotent by the same key).
// The engine injects Postgres on a node alone and Redis in a cluster.
//
// Seen reports the seq a key was remembered with. Remember records key -> seq; when the key already
// has a seq, the first one stays (every later retry then gets the seq that was shown first). Both run
// off the actor; an error makes the room carry on as without GiftKeys.
type GiftKeys interface {
	Seen(ctx context.Context, key string) (seq uint64, found bool, err error)
	Remember(ctx context.Context, key string, seq uint64) error
}

// giftKeysTimeout bounds one GiftKeys call: a slow shared store delays a gift's ack by at most this
// much before the room goes on without it.
const giftKeysTimeout = 2 * time.Second

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

// giftPaid brings a wallet answer back to the room, with what GiftKeys knew of the key (seen:
// an earlier incarnation of the room already showed this gift, as event seenSeq).
type giftPaid struct {
	cmd     *Command
	key     string
	receipt GiftReceipt
	err     error
	seen    bool
	seenSeq uint64
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
		paid := &giftPaid{cmd: c, key: key, receipt: r, err: err}
		if err == nil {
			// Paid (now or by an earlier try): ask whether an earlier incarnation already showed it.
			paid.seenSeq, paid.seen = a.sharedGiftSeq(key)
		}
		sys.Root.Send(self, paid)
	}()
}

// sharedGiftSeq looks key up in GiftKeys. It runs off the actor and touches only the immutable
// config. Without GiftKeys, or when they fail, the gift counts as not seen: a duplicate on a
// failover retry is better than a paid gift never shown.
func (a *Actor) sharedGiftSeq(key string) (uint64, bool) {
	keys := a.cfg.GiftKeys
	if keys == nil {
		return 0, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), giftKeysTimeout)
	defer cancel()
	seq, found, err := keys.Seen(ctx, key)
	if err != nil {
		a.giftKeyFailed("shared gift key lookup failed", key, err)
		return 0, false
	}
	return seq, found
}

// shareGift records off the actor that key became the durable event seq, for the incarnations
// of this room on other nodes.
//
// The remaining window: if this node dies after the event became durable (and possibly visible)
// but before Remember reached the store, a retry on the next incarnation is not recognised and the
// gift is shown (and stored) a second time, still paid once. Remembering at accept instead would
// trade that for a worse failure: a node dying before the commit would leave a key pointing at an
// event that never existed, and the paid gift would never be shown.
func (a *Actor) shareGift(key string, seq uint64) {
	keys := a.cfg.GiftKeys
	if keys == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), giftKeysTimeout)
		defer cancel()
		if err := keys.Remember(ctx, key, seq); err != nil {
			a.giftKeyFailed("shared gift key not stored", key, err)
		}
	}()
}

// giftKeyFailed logs and counts a GiftKeys failure; safe from any goroutine.
func (a *Actor) giftKeyFailed(msg, key string, err error) {
	a.cfg.Log.Warn(msg, zap.String("room", a.id), zap.String("key", key), zap.Error(err))
	if a.cfg.GiftKeyErrors != nil {
		a.cfg.GiftKeyErrors.Add(1)
	}
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
	if g.seen { // an earlier incarnation of this room (on a node since gone) showed it already
		a.rememberGift(g.key, g.seenSeq)
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Seq: g.seenSeq})
		return
	}
	seq := a.nextSeq
	if a.accept(ctx, protocol.Event{
		K: protocol.KGift, UID: c.User.ID, Name: c.User.Name, Lvl: c.User.Level,
		Gift: c.Msg.Gift, Count: c.Msg.Count, Text: g.receipt.Name,
	}, c.ReplyTo, c.Msg.Nonce) {
		a.rememberGift(g.key, seq)
		a.inflight[len(a.inflight)-1].giftKey = g.key // shared once durable (onPersisted)
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

// forgetGift drops a gift key whose event could not be stored.
func (a *Actor) forgetGift(key string) {
	delete(a.giftSeqs, key)
	for i, k := range a.giftOrder {
		if k == key {
			a.giftOrder = append(a.giftOrder[:i], a.giftOrder[i+1:]...)
			break
		}
	}
}
