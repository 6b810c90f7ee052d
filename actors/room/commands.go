package room

import (
	"strconv"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
	"courtside/actors/ratelimit"
)

func (a *Actor) onCommand(ctx actor.Context, c *Command) {
	switch c.Msg.T {
	case protocol.TChat:
		a.onChat(ctx, c)
	case protocol.TMod:
		switch c.Msg.Op {
		case "undo":
			a.onUndo(ctx, c)
		case "shield":
			a.onShield(ctx, c)
		default:
			a.onModerate(ctx, c)
		}
	case protocol.TMuted:
		a.onMutedList(ctx, c)
	case protocol.TReport:
		a.onReport(ctx, c)
	case protocol.TGift:
		a.onGift(ctx, c)
	case TPaid:
		a.onPaid(ctx, c)
	case TUnpin:
		a.onUnpin(ctx, c)
	case TCard:
		a.onCard(ctx, c)
	default:
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeBadMessage})
	}
}

// chatRefusal applies the room's rules to one chat line, in the order a viewer would find most useful.
func (a *Actor) chatRefusal(c *Command, now time.Time) protocol.Code {
	u := c.User
	rank := a.rank(u)
	switch {
	case u.Guest: // guests read but never chat (spec §6); no room setting changes that
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
	if rank == 0 {
		if code, _ := a.shieldRefusal(c, now); code != 0 {
			return code
		}
	}
	if a.cfg.Filter != nil {
		if _, bad := a.cfg.Filter.Match(c.Msg.Text); bad {
			return protocol.CodeNonCompliant
		}
	}
	if rank == 0 && !a.slow.Allow(u.ID, now) {
		return protocol.CodeSlowMode
	}
	if ok, _ := a.limiter.Allow(u.ID, a.limitClass(u, rank), now); !ok {
		return protocol.CodeRateLimited
	}
	return 0
}

// refusal is the reply refusing a command with code; a level refusal names the level needed.
func (a *Actor) refusal(nonce string, code protocol.Code) *Reply {
	r := &Reply{Nonce: nonce, Code: code}
	if code == protocol.CodeLevelTooLow {
		r.Level = a.state.MinLevel
	}
	return r
}

func (a *Actor) isMuted(uid string, now time.Time) bool {
	if m, ok := a.state.Mutes[uid]; ok {
		if now.Before(m.Until) {
			return true
		}
		delete(a.state.Mutes, uid)
	}
	if until, ok := a.cfg.PlatformMutes.MutedUntil(uid); ok && now.Before(until) {
		return true
	}
	return false
}

func (a *Actor) onChat(ctx actor.Context, c *Command) {
	now := a.cfg.Now()
	if !c.User.Guest && a.rank(c.User) == 0 {
		a.noteChat(ctx, now)
		if _, wait := a.shieldRefusal(c, now); wait {
			a.stashChat(ctx, c) // decided once the sender's standing is loaded
			return
		}
	}
	if code := a.chatRefusal(c, now); code != 0 {
		a.reply(ctx, c.ReplyTo, a.refusal(c.Msg.Nonce, code))
		return
	}
	a.pace.accepted()
	ev := protocol.Event{K: protocol.KChat, UID: c.User.ID, Name: c.User.Name, Lvl: c.User.Level, Text: c.Msg.Text,
		Role: a.roleOf(c.User), Tier: c.User.Member}
	if c.User.Expert {
		ev.Badge = protocol.BadgeExpert
	}
	a.accept(ctx, ev, c.ReplyTo, c.Msg.Nonce)
}

// accept numbers an event, encodes it once and hands it to History; it becomes visible (acked and
// broadcast) when the group commit reports back, strictly in sequence order.
func (a *Actor) accept(ctx actor.Context, ev protocol.Event, replyTo *actor.PID, nonce string) bool {
	ev.Seq = a.nextSeq
	ev.TS = a.cfg.Now().UnixMilli()
	if ev.TS < a.lastTS {
		ev.TS = a.lastTS // history buckets by time: it must not go backwards within a room
	}
	if ev.K == protocol.KChat || ev.K == protocol.KGift {
		ev.ID = a.id + "-" + strconv.FormatUint(ev.Seq, 10)
	}
	p := &pendingEvent{seq: ev.Seq, ev: ev, payload: protocol.EncodeEvent(&ev), replyTo: replyTo, nonce: nonce}
	self, sys := a.self, ctx.ActorSystem()
	uid := ev.UID
	if uid == "" {
		uid = ev.By
	}
	err := a.cfg.History.Append(StoredEvent{
		Room: a.id, Seq: ev.Seq, ID: ev.ID, Time: ev.TS, Kind: ev.K, UserID: uid, Target: ev.Msg, Payload: p.payload,
	}, func(err error) {
		sys.Root.Send(self, &persisted{seq: p.seq, err: err})
	})
	if err != nil {
		// Not accepted by the store: the sender is told, nothing was acknowledged, the seq is reused.
		a.cfg.Log.Warn("history refused event", zap.String("room", a.id), zap.Error(err))
		a.reply(ctx, replyTo, &Reply{Nonce: nonce, Code: protocol.CodeFailed})
		return false
	}
	a.nextSeq++
	a.lastTS = ev.TS
	a.inflight = append(a.inflight, p)
	return true
}

// onPersisted releases, in order, every event whose commit has reported.
func (a *Actor) onPersisted(ctx actor.Context, m *persisted) {
	for _, p := range a.inflight {
		if p.seq == m.seq {
			p.done, p.err = true, m.err
			break
		}
	}
	released := 0
	priority := false
	now := a.cfg.Now()
	for _, p := range a.inflight {
		if !p.done {
			break
		}
		released++
		if p.err != nil {
			a.cfg.Log.Error("chat event not stored", zap.String("room", a.id), zap.Uint64("seq", p.seq), zap.Error(p.err))
			a.reply(ctx, p.replyTo, &Reply{Nonce: p.nonce, Code: protocol.CodeFailed})
			if p.giftKey != "" {
				// The gift is paid but not shown: a retry with the same nonce must show it (the
				// wallet will not charge again), not be answered with this seq that was never stored.
				a.forgetGift(p.giftKey)
			}
			continue
		}
		a.ring.push(ringItem{seq: p.seq, msgID: p.ev.ID, uid: p.ev.UID, name: p.ev.Name, payload: p.payload})
		prio := p.ev.Priority()
		a.batch = append(a.batch, batchLine{seq: p.seq, msgID: p.ev.ID, uid: p.ev.UID, priority: prio, payload: p.payload, ready: now})
		priority = priority || prio
		a.reply(ctx, p.replyTo, &Reply{Nonce: p.nonce, Seq: p.seq, Event: p.payload})
		if p.giftKey != "" {
			a.shareGift(p.giftKey, p.seq)
		}
	}
	if released == 0 {
		return
	}
	a.inflight = append(a.inflight[:0], a.inflight[released:]...)
	if priority {
		a.flush(ctx) // priority events go out at once, with the ordinary lines before them
	} else {
		a.armTick(ctx)
	}
}

func (a *Actor) onReport(ctx actor.Context, c *Command) {
	if c.User.Guest {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeLoginRequired})
		return
	}
	// Per identity: the room is one actor in a cluster, so every socket of the user counts here.
	if ok, _ := a.reports.Allow(c.User.ID, ratelimit.Viewer, a.cfg.Now()); !ok {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeRateLimited})
		return
	}
	// Target: the line's author when the ring still holds it, so the chatter card can count the
	// reports against a user (api/chat UserInfo).
	act := Action{Room: a.id, Actor: c.User.ID, Op: "report", Target: a.ring.authorOf(c.Msg.Msg), Message: c.Msg.Msg,
		Reason: c.Msg.Reason, At: a.cfg.Now()}
	if seq, err := strconv.ParseUint(trimRoomPrefix(c.Msg.Msg, a.id), 10, 64); err == nil {
		act.Seq = seq
	}
	a.record(ctx, act, c)
}

func trimRoomPrefix(msgID, room string) string {
	if len(msgID) > len(room)+1 && msgID[:len(room)+1] == room+"-" {
		return msgID[len(room)+1:]
	}
	return msgID
}

// record stores an action through the Store's ordered queue and, when c is given, acknowledges c
// once the action is stored, so an acknowledged report is never lost.
func (a *Actor) record(ctx actor.Context, act Action, c *Command) {
	var replyTo *actor.PID
	var nonce string
	if c != nil {
		replyTo, nonce = c.ReplyTo, c.Msg.Nonce
	}
	if a.cfg.Store == nil {
		a.reply(ctx, replyTo, &Reply{Nonce: nonce})
		return
	}
	log, room, sys, self := a.cfg.Log, a.id, ctx.ActorSystem(), a.self
	a.cfg.Store.Record(act, func(err error) {
		r := &Reply{Room: room, Nonce: nonce}
		if err != nil {
			log.Error("moderation record failed", zap.String("room", room), zap.String("op", act.Op), zap.Error(err))
			r.Code = protocol.CodeServerError
		}
		if replyTo != nil {
			// Through the room's own mailbox: the acknowledgement may go to a session on another
			// node, and only an actor's context carries the node-to-node encoding.
			sys.Root.Send(self, &recorded{to: replyTo, reply: r})
		}
	})
}

// recorded carries a stored action's acknowledgement back to the room, which sends it on.
type recorded struct {
	to    *actor.PID
	reply *Reply
}

// limitClass picks the rate-limit class of a chatter from their rank in this room.
func (a *Actor) limitClass(u Identity, rank int) ratelimit.Class {
	switch {
	case rank >= 2:
		return ratelimit.Streamer
	case rank == 1:
		return ratelimit.Moderator
	case u.Member > 0:
		return ratelimit.VIP
	}
	return ratelimit.Viewer
}
