package room

import (
	"context"
	"sort"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"courtside/actors/protocol"
)

// modRule says who may run a moderation op: the least rank needed, and whether the actor must
// outrank the target (a moderator cannot mute another moderator or the streamer).
var modRule = map[string]struct {
	minRank       int
	outrankTarget bool
}{
	"mute":           {1, true},
	"unmute":         {1, false},
	"delete":         {1, false},
	"slow":           {1, false},
	"addMod":         {2, false},
	"removeMod":      {2, false},
	"open":           {2, false},
	"close":          {2, false},
	"platformMute":   {3, true},
	"platformUnmute": {3, false},
	// The room's streamer (the streamer centre's settings) or staff (the back office) changing its
	// access (member-only, paid, price): stored by the streamer centre first; these bring the running
	// room's chat in line at once and tell its players (an `access` event) to ask again.
	"membersOnly": {2, false},
	"allViewers":  {2, false},
}

// defaultMute is the mute length when a moderator gives none.
const defaultMute = 10 * time.Minute

func (a *Actor) onModerate(ctx actor.Context, c *Command) {
	m, u := c.Msg, c.User
	rule, ok := modRule[m.Op]
	rank := a.rank(u)
	if !ok || u.Guest || rank < rule.minRank {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeForbidden})
		return
	}
	if m.Op == "membersOnly" || m.Op == "allViewers" {
		a.state.MemberOnly = m.Op == "membersOnly"
		a.record(ctx, Action{Room: a.id, Actor: u.ID, Op: m.Op, Reason: m.Reason, At: a.cfg.Now()}, nil)
		a.accept(ctx, protocol.Event{K: protocol.KAccess, By: u.ID}, c.ReplyTo, m.Nonce)
		return
	}
	needsTarget := m.Op != "slow" && m.Op != "open" && m.Op != "close" && m.Op != "delete"
	if needsTarget && m.UID == "" || m.Op == "delete" && m.Msg == "" {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeBadMessage})
		return
	}
	if rule.outrankTarget && (m.UID == u.ID || a.rankOfID(m.UID) >= rank) {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeForbidden})
		return
	}
	now := a.cfg.Now()
	dur := time.Duration(m.Secs) * time.Second
	act := Action{Room: a.id, Actor: u.ID, Op: m.Op, Target: m.UID, Message: m.Msg, Duration: dur, Reason: m.Reason, At: now}
	ev := protocol.Event{By: u.ID, UID: m.UID}
	if needsTarget {
		// The events name their target, so no client shows a bare user id.
		if act.Name = a.ring.nameOf(m.UID); act.Name == "" {
			act.Name = m.TargetName
		}
		ev.Name = act.Name
	}

	// Every state change below happens here, in the mailbox, before anything else the room
	// processes: a mute is in force for the muted user's very next message.
	switch m.Op {
	case "mute", "platformMute":
		if dur == 0 {
			dur = defaultMute
			act.Duration = dur
		}
		until := now.Add(dur)
		if m.Op == "mute" {
			a.state.Mutes[m.UID] = Mute{Name: act.Name, Until: until, By: u.ID, Reason: m.Reason}
		} else if err := a.platformMute(m.UID, until, true); err != nil {
			a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeServerError})
			return
		}
		ev.K, ev.Until, ev.Secs = protocol.KMute, until.UnixMilli(), int(dur/time.Second)
	case "unmute", "platformUnmute":
		if m.Op == "unmute" {
			delete(a.state.Mutes, m.UID)
		} else if err := a.platformMute(m.UID, time.Time{}, false); err != nil {
			a.reply(ctx, c.ReplyTo, &Reply{Nonce: m.Nonce, Code: protocol.CodeServerError})
			return
		}
		ev.K = protocol.KUnmute
	case "delete":
		ev.K, ev.Msg, ev.UID = protocol.KDelete, m.Msg, ""
		a.deleteMessage(m.Msg)
	case "addMod":
		a.state.Moderators[m.UID] = true
		ev.K = protocol.KMod
	case "removeMod":
		delete(a.state.Moderators, m.UID)
		ev.K = protocol.KUnmod
	case "slow":
		a.slowSetByHand(u.ID, now)
		a.state.SlowMode = dur
		a.slow.SetInterval(dur)
		ev.K, ev.Secs, ev.UID = protocol.KSlow, m.Secs, ""
	case "open", "close":
		a.state.Open = m.Op == "open"
		ev.K, ev.UID = m.Op, ""
	}
	a.record(ctx, act, nil)
	a.accept(ctx, ev, c.ReplyTo, m.Nonce)
}

// platformMute changes a platform-wide mute. It is the one moderation write made synchronously:
// the mute must be in force on every node before the moderator is told it is.
func (a *Actor) platformMute(uid string, until time.Time, mute bool) error {
	c, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var err error
	if mute {
		err = a.cfg.PlatformMutes.Mute(c, uid, until)
	} else {
		err = a.cfg.PlatformMutes.Unmute(c, uid)
	}
	if err != nil {
		a.cfg.Log.Error("platform mute failed", zap.String("uid", uid), zap.Error(err))
	}
	return err
}

// deleteMessage hides a message from the ring and the pending batch. The `del` event carries the
// message id to History, which tombstones it in the same write.
func (a *Actor) deleteMessage(msgID string) {
	a.ring.markDeleted(msgID)
	for i := range a.batch {
		if a.batch[i].msgID == msgID {
			a.batch[i].deleted = true
		}
	}
}

func (a *Actor) onMutedList(ctx actor.Context, c *Command) {
	if c.User.Guest || a.rank(c.User) < 1 {
		a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Code: protocol.CodeForbidden})
		return
	}
	now := a.cfg.Now()
	list := make([]protocol.MutedEntry, 0, len(a.state.Mutes))
	for uid, m := range a.state.Mutes {
		if now.Before(m.Until) {
			list = append(list, protocol.MutedEntry{UID: uid, Name: m.Name, Until: m.Until.UnixMilli()})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Until < list[j].Until })
	a.reply(ctx, c.ReplyTo, &Reply{Nonce: c.Msg.Nonce, Muted: list, List: true})
}
