package room

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/api/errcode"
)

// Paid messages (issue 25 §4, api/paidmsg): a chat line bought with coins, highlighted and pinned at
// the top of the room for the time its tier gives. They arrive as Commands from the paid message
// service (REST), not from the socket:
//
//   - TPaid (Text, Count = coins, Nonce): the room applies its chat rules (guests, closed chat,
//     mutes, members only, level, banned words; slow mode and the rate limit do not apply: the
//     message is paid), then PaidWallet charges it off the actor, exactly once per key
//     "paid:<room>:<user>:<nonce>", and the room accepts a KPaid event like a gift (a retry gets the
//     first seq, through the same memory and GiftKeys as gifts). The pinned list itself is the
//     ledger's record (PaidWallet's store): a late joiner reads it there.
//   - TUnpin (Msg = the pin's id, Reason): a moderator removes it. PaidWallet records the removal and
//     refunds when the reason is not the sender's fault, exactly once; the room then accepts a KUnpin
//     event (and a KDelete of the chat line when this incarnation showed it). A removal already made
//     is acknowledged without a second event.
const (
	TPaid  = "paid"
	TUnpin = "unpin"
)

// PaidWallet charges and removes paid messages. Both run off the actor and are idempotent: ChargePaid
// by Key, RemovePaid by the pin's id (the first removal's reason and refund stand).
type PaidWallet interface {
	ChargePaid(ctx context.Context, o PaidOrder) (PaidReceipt, error)
	RemovePaid(ctx context.Context, r PaidRemoval) (PaidRemoved, error)
}

// PaidOrder is one paid message to charge.
type PaidOrder struct {
	From     string // sender user id ("u<n>")
	FromName string
	Streamer string
	Room     string
	Text     string
	Coins    int64
	Key      string // idempotency key
}

// PaidReceipt describes a charged paid message.
type PaidReceipt struct {
	ID    string // the pin's id
	Coins int64
	Color string
	Until time.Time // pinned until
}

// PaidRemoval is a moderator's removal of pin ID.
type PaidRemoval struct {
	Room   string
	ID     string
	By     string // the moderator's user id
	Reason string
}

// PaidRemoved is what a removal did.
type PaidRemoved struct {
	Sender   string // the sender's user id
	Refunded bool
	Replayed bool // it had been removed before: nothing happened now
}

// Errors a PaidWallet returns that the caller can act on (besides ErrInsufficientCoins).
var (
	ErrPaidTier     = errors.New("room: not a paid message tier")
	ErrPaidNotFound = errors.New("room: no such paid message")
	ErrPaidReason   = errors.New("room: not a removal reason")
)

// recentPins is how many pin id -> chat message id pairs a room remembers, to delete the chat line
// of a removed paid message.
const recentPins = 1024

type paidCharged struct {
	cmd     *Command
	key     string
	receipt PaidReceipt
	err     error
	seen    bool
	seenSeq uint64
}

type paidRemoved struct {
	cmd *Command
	res PaidRemoved
	err error
}

// paidRefusal applies the room's chat rules that hold for a paid message.
func (a *Actor) paidRefusal(c *Command, now time.Time) protocol.Code {
	u := c.User
	rank := a.rank(u)
	switch {
	case u.Guest:
		return protocol.CodeLoginRequired
	case !a.state.Open && rank == 0:
		return protocol.CodeRoomClosed
	case u.Muted || a.isMuted(u.ID, now):
		return protocol.CodeMuted
	case rank == 0 && a.state.MemberOnly && u.Member == 0:
		return protocol.CodeMemberOnly
	case rank == 0 && u.Level < a.state.MinLevel:
		return protocol.CodeLevelTooLow
	}
	if a.cfg.Filter != nil {
		if _, bad := a.cfg.Filter.Match(c.Msg.Text); bad {
			return protocol.CodeNonCompliant
		}
	}
	return 0
}

func (a *Actor) onPaid(ctx actor.Context, c *Command) {
	m, u := c.Msg, c.User
	switch {
	case a.cfg.Paid == nil:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidFailed})
		return
	case a.state.StreamerID == "":
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeRoomNotFound})
		return
	case !u.Guest && u.ID == a.state.StreamerID:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidForbidden})
		return
	case m.Nonce == "" || m.Count <= 0:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidTier})
		return
	}
	key := "paid:" + a.id + ":" + u.ID + ":" + m.Nonce
	if seq, ok := a.giftSeqs[key]; ok {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Seq: seq})
		return
	}
	if code := a.paidRefusal(c, a.cfg.Now()); code != 0 {
		a.reply(ctx, c.ReplyTo, a.refusal(m.Nonce, code))
		return
	}
	order := PaidOrder{From: u.ID, FromName: u.Name, Streamer: a.state.StreamerID, Room: a.id, Text: m.Text, Coins: int64(m.Count), Key: key}
	paid, self, sys := a.cfg.Paid, a.self, ctx.ActorSystem()
	go func() {
		c2, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := paid.ChargePaid(c2, order)
		res := &paidCharged{cmd: c, key: key, receipt: r, err: err}
		if err == nil {
			res.seenSeq, res.seen = a.sharedGiftSeq(key)
		}
		sys.Root.Send(self, res)
	}()
}

func (a *Actor) onPaidCharged(ctx actor.Context, p *paidCharged) {
	c := p.cmd
	if p.err != nil {
		code := errcode.PaidFailed
		switch {
		case errors.Is(p.err, ErrInsufficientCoins):
			code = protocol.CodeNoCoins
		case errors.Is(p.err, ErrPaidTier):
			code = errcode.PaidTier
		default:
			a.cfg.Log.Error("paid message charge failed", zap.String("room", a.id), zap.Error(p.err))
		}
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: code})
		return
	}
	if seq, ok := a.giftSeqs[p.key]; ok {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Seq: seq})
		return
	}
	if p.seen {
		a.rememberGift(p.key, p.seenSeq)
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Seq: p.seenSeq})
		return
	}
	seq := a.nextSeq
	msgID := a.id + "-" + strconv.FormatUint(seq, 10)
	r := p.receipt
	if a.accept(ctx, protocol.Event{
		K: protocol.KPaid, ID: msgID, UID: c.User.ID, Name: c.User.Name, Lvl: c.User.Level, Text: c.Msg.Text,
		Coins: r.Coins, Color: r.Color, Pin: r.ID, Until: r.Until.UnixMilli(),
	}, c.ReplyTo, c.Msg.Nonce) {
		a.rememberGift(p.key, seq)
		a.inflight[len(a.inflight)-1].giftKey = p.key
		a.rememberPin(r.ID, msgID)
	}
}

func (a *Actor) rememberPin(pin, msgID string) {
	if a.pinMsgs == nil {
		a.pinMsgs = make(map[string]string)
	}
	if len(a.pinOrder) >= recentPins {
		delete(a.pinMsgs, a.pinOrder[0])
		a.pinOrder = a.pinOrder[1:]
	}
	a.pinMsgs[pin] = msgID
	a.pinOrder = append(a.pinOrder, pin)
}

func (a *Actor) onUnpin(ctx actor.Context, c *Command) {
	m, u := c.Msg, c.User
	switch {
	case u.Guest || a.rank(u) < 1:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidForbidden})
		return
	case a.cfg.Paid == nil:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidFailed})
		return
	case m.Msg == "":
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: errcode.PaidNotFound})
		return
	}
	rm := PaidRemoval{Room: a.id, ID: m.Msg, By: u.ID, Reason: m.Reason}
	paid, self, sys := a.cfg.Paid, a.self, ctx.ActorSystem()
	go func() {
		c2, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		res, err := paid.RemovePaid(c2, rm)
		sys.Root.Send(self, &paidRemoved{cmd: c, res: res, err: err})
	}()
}

func (a *Actor) onPaidRemoved(ctx actor.Context, p *paidRemoved) {
	c := p.cmd
	if p.err != nil {
		code := errcode.PaidFailed
		switch {
		case errors.Is(p.err, ErrPaidNotFound):
			code = errcode.PaidNotFound
		case errors.Is(p.err, ErrPaidReason):
			code = errcode.PaidReason
		default:
			a.cfg.Log.Error("paid message removal failed", zap.String("room", a.id), zap.Error(p.err))
		}
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: code})
		return
	}
	if p.res.Replayed {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce})
		return
	}
	pin := c.Msg.Msg
	a.record(ctx, Action{Room: a.id, Actor: c.User.ID, Op: "removePaid", Target: p.res.Sender, Message: pin,
		Reason: c.Msg.Reason, At: a.cfg.Now()}, nil)
	if msgID, ok := a.pinMsgs[pin]; ok {
		a.deleteMessage(msgID)
		a.accept(ctx, protocol.Event{K: protocol.KDelete, By: c.User.ID, Msg: msgID}, nil, "")
	}
	a.accept(ctx, protocol.Event{K: protocol.KUnpin, By: c.User.ID, UID: p.res.Sender, Pin: pin, Key: c.Msg.Reason},
		c.ReplyTo, c.Msg.Nonce)
}
